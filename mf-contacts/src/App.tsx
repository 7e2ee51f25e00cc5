import { Route, Routes } from 'react-router-dom';
import { Typography } from 'antd';
import type { RemoteProps } from '@agency/ui';

function RemotePage({ title }: { title: string }) {
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }}>
      {title}
    </Typography.Title>
  );
}

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <Routes>
      <Route path="/contacts" element={<RemotePage title="Contacts" />} />
      <Route path="/contacts/contact/new" element={<RemotePage title="New contact" />} />
      <Route path="/contacts/contact/:id/*" element={<RemotePage title="Contact" />} />
      <Route path="/users" element={<RemotePage title="Users" />} />
    </Routes>
  );
}
