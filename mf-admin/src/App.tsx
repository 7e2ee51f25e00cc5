import { Navigate, Route, Routes } from 'react-router-dom';
import { Typography } from 'antd';
import type { RemoteProps } from '@agency/ui';
import { AvatarPage, ChangePasswordPage, MfaPage, ProfileLayout, ProfilePage } from './features/profile';
import { TagsPage } from './features/tags';
import { SmartValuesPage } from './features/smartValues';
import { TemplatesPage } from './features/templates';

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
      <Route path="/account/info/*" element={<RemotePage title="Account" />} />
      <Route path="/account/settings">
        <Route index element={<Navigate to="tag-management" replace />} />
        <Route path="tag-management" element={<TagsPage />} />
        <Route path="smart-values" element={<SmartValuesPage />} />
        <Route path="message-templates" element={<TemplatesPage />} />
        <Route path="*" element={<Navigate to="/account/settings/tag-management" replace />} />
      </Route>
      <Route path="/profile" element={<ProfileLayout />}>
        <Route index element={<ProfilePage />} />
        <Route path="avatar" element={<AvatarPage />} />
        <Route path="change-password" element={<ChangePasswordPage />} />
        <Route path="mfa" element={<MfaPage />} />
        <Route path="*" element={<Navigate to="/profile" replace />} />
      </Route>
    </Routes>
  );
}
