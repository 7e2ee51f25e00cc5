import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Drawer, Menu, theme } from 'antd';
import { bus } from '@agency/bus';
import type { Session } from '@agency/contracts';
import { capBadge, useObservable } from '@agency/ui';
import { activeTab } from '../routes';
import { NAV_DRAWER_WIDTH, PeersList, StatusMenu } from './SideNav';
import { shownTabs } from './TopNav';

// A module of its own, loaded when the drawer first opens: antd's Drawer and Menu are drawn by no
// first screen, so the frame goes without them (and without the rest of the shared antd they are in).

/** The top tabs as a menu, with their badges, for the side nav's drawer. */
function PagesMenu({ messagingEnabled, onNavigate }: { messagingEnabled: boolean; onNavigate: () => void }) {
  const badges = useObservable(bus.badges$);
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = shownTabs(messagingEnabled);
  const current = activeTab(location.pathname);
  return (
    <nav aria-label="Pages">
      <Menu
        mode="inline"
        selectedKeys={current ? [current] : []}
        style={{ borderInlineEnd: 0 }}
        onClick={({ key }) => {
          navigate(tabs.find((t) => t.key === key)!.path);
          onNavigate();
        }}
        items={tabs.map((t) => {
          const count = t.badge ? badges[t.badge] : 0;
          return {
            key: t.key,
            label: (
              <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
                {t.label}
                {count ? <Badge count={capBadge(count)} overflowCount={99} size="small" /> : null}
              </span>
            ),
          };
        })}
      />
    </nav>
  );
}

/**
 * Under the drawer breakpoint (phones and tablets), the side nav and the top tabs are one drawer
 * opened from the header's menu button: the pages, then my status and the team.
 */
export function SideNavDrawer({ session, open, onClose }: { session: Session; open: boolean; onClose: () => void }) {
  const { token } = theme.useToken();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={NAV_DRAWER_WIDTH}
      title="Menu"
      rootClassName="frame-nav-drawer"
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' }, header: { paddingBlock: 12 } }}
    >
      <PagesMenu messagingEnabled={session.account.messagingEnabled} onNavigate={onClose} />
      <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, margin: '8px 16px 0' }} />
      <StatusMenu session={session} collapsed={false} />
      <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, margin: '0 16px' }} />
      <PeersList me={session.user.id} collapsed={false} />
    </Drawer>
  );
}
