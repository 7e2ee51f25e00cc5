import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { AvatarPage, ChangePasswordPage, MfaPage, ProfileLayout, ProfilePage } from './features/profile';
import { AccountInfoLayout } from './features/accountInfo/AccountInfoLayout';
import { SETTINGS_TABS, SettingsIndex, SettingsLayout } from './features/settings';
import { ProfileMetricsPage } from './features/metrics/ProfileMetricsPage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** /profile/{id}: another person's figures; anything else under /profile goes back to it. */
function UserMetrics() {
  const { id } = useParams();
  return id && UUID.test(id) ? <ProfileMetricsPage /> : <Navigate to="/profile" replace />;
}

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <Routes>
      <Route path="/account/info/*" element={<AccountInfoLayout />} />
      <Route path="/account/settings" element={<SettingsLayout />}>
        <Route index element={<SettingsIndex />} />
        {SETTINGS_TABS.map((t) => (
          <Route key={t.path} path={`${t.path}/*`} element={t.element} />
        ))}
        <Route path="*" element={<SettingsIndex />} />
      </Route>
      <Route path="/profile" element={<ProfileLayout />}>
        <Route index element={<ProfileMetricsPage />} />
        <Route path="details" element={<ProfilePage />} />
        <Route path="avatar" element={<AvatarPage />} />
        <Route path="change-password" element={<ChangePasswordPage />} />
        <Route path="mfa" element={<MfaPage />} />
        <Route path=":id" element={<UserMetrics />} />
        <Route path="*" element={<Navigate to="/profile" replace />} />
      </Route>
    </Routes>
  );
}
