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
      <Route path="/tasks" element={<RemotePage title="Task boards" />} />
      <Route path="/tasks/:id" element={<RemotePage title="Task board" />} />
      <Route path="/admin/tasks" element={<RemotePage title="Task board administration" />} />
    </Routes>
  );
}
