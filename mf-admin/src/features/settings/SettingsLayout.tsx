import { useEffect } from 'react';
import { Flex, Grid, Menu, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FORBIDDEN_MESSAGE } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole, type Role } from '@agency/contracts';
import { useObservable } from '@agency/ui';
import { DEFAULT_SETTINGS_TAB, SETTINGS_TABS, type SettingsTab } from './settingsTabs';
import { mayLeave } from './unsaved';

export const SETTINGS_BASE = '/account/settings';

/** The tabs a role may open: those naming their roles, for those roles; the others for super, owner and admin, and the marked ones for employees. */
export const tabsFor = (role: Role | undefined, tabs: SettingsTab[] = SETTINGS_TABS) =>
  tabs.filter((t) => (t.roles ? !!role && t.roles.includes(role) : isAdminRole(role) || t.employees));

/** The tab a path is on: the first segment after /account/settings/. */
export const tabOf = (pathname: string) => pathname.slice(SETTINGS_BASE.length).split('/').filter(Boolean)[0] ?? '';

/** The index of /account/settings: the default tab, or the first one the role may open. */
export function SettingsIndex() {
  const role = useObservable(bus.session$)?.user.role;
  const tabs = tabsFor(role);
  const to = tabs.find((t) => t.path === DEFAULT_SETTINGS_TAB) ?? tabs[0];
  return <Navigate to={to ? `${SETTINGS_BASE}/${to.path}` : '/profile'} replace />;
}

/**
 * /account/settings: a vertical tab list whose active tab follows the path, beside the tab's page.
 * Super, owner and admin only (the server enforces it too): anyone else is sent to /profile with a message.
 */
export function SettingsLayout() {
  const session = useObservable(bus.session$);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Under 768 px (phones, tablets upright) the sections run across the top, above the section.
  const screens = Grid.useBreakpoint();
  const narrow = (!!screens.xs || !!screens.sm) && !screens.md;
  const role = session?.user.role;
  const tabs = tabsFor(role);
  const current = tabOf(pathname);
  const known = SETTINGS_TABS.some((t) => t.path === current);
  // Refused: a role with no tab at all, or a tab the role may not open.
  const refused = !!session && (!tabs.length || (known && !tabs.some((t) => t.path === current)));

  useEffect(() => {
    if (refused) bus.toast({ kind: 'error', message: FORBIDDEN_MESSAGE, key: 'settings-forbidden' });
  }, [refused]);

  if (!session) return null;
  if (refused) return <Navigate to="/profile" replace />;
  if (current && !known) return <SettingsIndex />;

  const open = async (path: string) => {
    if (path === current && pathname === `${SETTINGS_BASE}/${path}`) return;
    if (await mayLeave()) navigate(`${SETTINGS_BASE}/${path}`);
  };

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Settings
      </Typography.Title>
      <Flex gap={narrow ? 12 : 24} align={narrow ? 'stretch' : 'flex-start'} vertical={narrow} wrap={false}>
        <nav aria-label="Settings sections" style={narrow ? { minWidth: 0 } : { flex: '0 0 200px' }}>
          <Menu
            mode={narrow ? 'horizontal' : 'vertical'}
            selectedKeys={[current]}
            onClick={({ key }) => void open(key)}
            items={tabs.map((t) => ({ key: t.path, label: t.label }))}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </div>
      </Flex>
    </div>
  );
}
