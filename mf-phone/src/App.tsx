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
      <Route path="/phone-log" element={<RemotePage title="Phone log" />} />
    </Routes>
  );
}
