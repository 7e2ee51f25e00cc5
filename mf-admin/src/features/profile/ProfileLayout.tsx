import { Menu, Typography } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';

export const PROFILE_SECTIONS = [
  { path: '/profile', label: 'Metrics' },
  { path: '/profile/details', label: 'Edit Profile' },
  { path: '/profile/avatar', label: 'Change Photo' },
  { path: '/profile/change-password', label: 'Change Password' },
  { path: '/profile/mfa', label: 'MFA' },
];

/** The profile screens under one heading, with links between them. */
export function ProfileLayout() {
  const { pathname } = useLocation();
  const current = PROFILE_SECTIONS.find((s) => s.path === pathname.replace(/\/$/, ''))?.path ?? '/profile';
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        My Profile
      </Typography.Title>
      <nav aria-label="Profile sections">
        <Menu
          mode="horizontal"
          selectedKeys={[current]}
          items={PROFILE_SECTIONS.map((s) => ({ key: s.path, label: <Link to={s.path}>{s.label}</Link> }))}
          style={{ marginBottom: 24 }}
        />
      </nav>
      <Outlet />
    </div>
  );
}
