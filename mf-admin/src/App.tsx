import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { AvatarPage, ChangePasswordPage, MfaPage, ProfileLayout, ProfilePage } from './features/profile';
import { AccountInfoLayout } from './features/accountInfo/AccountInfoLayout';
import { SETTINGS_TABS, SettingsIndex, SettingsLayout } from './features/settings';

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
        <Route index element={<ProfilePage />} />
        <Route path="avatar" element={<AvatarPage />} />
        <Route path="change-password" element={<ChangePasswordPage />} />
        <Route path="mfa" element={<MfaPage />} />
        <Route path="*" element={<Navigate to="/profile" replace />} />
      </Route>
    </Routes>
  );
}
