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
      <Route path="/messages/*" element={<RemotePage title="Messages" />} />
      <Route path="/walkins" element={<RemotePage title="Walk-ins" />} />
      <Route path="/campaigns" element={<RemotePage title="Campaigns" />} />
      <Route path="/campaigns/create" element={<RemotePage title="Create campaign" />} />
      <Route path="/campaigns/:id" element={<RemotePage title="Campaign" />} />
      <Route path="/report/service-reviews" element={<RemotePage title="Service reviews" />} />
      <Route path="/report/referrals" element={<RemotePage title="Referrals" />} />
    </Routes>
  );
}
