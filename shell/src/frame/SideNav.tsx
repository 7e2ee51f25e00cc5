import { Avatar, Badge, Button, Empty, Layout, theme, Tooltip, Typography, type MenuProps } from 'antd';
import { DownOutlined, MobileOutlined, PhoneOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import { SELECTABLE_STATUSES, type Peer, type PhoneStatus, type Session } from '@agency/contracts';
import { fullName, initials, peerStatus, sortPeers, STATUS_COLORS, STATUS_LABELS, useObservable } from '@agency/ui';
import { setMyStatus } from '../session/status';
import { MenuOnDemand } from './MenuOnDemand';
import { UserAvatar } from './ProfileMenu';

export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
/** The side nav as a drawer (phones and tablets): as wide as the side nav, never wider than the screen. */
export const NAV_DRAWER_WIDTH = 300;

function Dot({ status, size = 10, ring }: { status: PhoneStatus; size?: number; ring: string }) {
  return (
    <span
      aria-hidden
      data-status={status}
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        background: STATUS_COLORS[status],
        boxShadow: `0 0 0 2px ${ring}`,
        flex: 'none',
      }}
    />
  );
}

/** The status picker: Available, Away, Lunch, Break, Coaching, Busy, Training. */
export function StatusMenu({ session, collapsed }: { session: Session; collapsed: boolean }) {
  const { token } = theme.useToken();
  const status = session.user.phoneStatus;
  const items: MenuProps['items'] = SELECTABLE_STATUSES.map((s) => ({
    key: s,
    label: (
      <span style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <Dot status={s} ring={token.colorBgElevated} /> {STATUS_LABELS[s]}
      </span>
    ),
  }));
  return (
    <MenuOnDemand menu={{ items, selectable: true, selectedKeys: [status], onClick: ({ key }) => setMyStatus(key as PhoneStatus) }} placement="bottomLeft">
      <button
        type="button"
        className="frame-status"
        // the words shown (My status, the status, the extension) lead the name read out
        aria-label={`My status ${STATUS_LABELS[status]}${session.user.extension ? ` ext ${session.user.extension}` : ''}. Change status`}
        style={{
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: collapsed ? '12px 0' : '12px 16px',
          justifyContent: collapsed ? 'center' : 'flex-start',
          border: 0,
          background: 'transparent',
          color: token.colorText,
          cursor: 'pointer',
          textAlign: 'left',
        }}
      >
        <Badge dot color={STATUS_COLORS[status]} offset={[-4, 28]} style={{ width: 10, height: 10, boxShadow: `0 0 0 2px ${token.colorBgContainer}` }}>
          <UserAvatar user={session.user} size={36} />
        </Badge>
        {!collapsed && (
          <span style={{ flex: 1, minWidth: 0, lineHeight: 1.35 }}>
            {/* the spaces between the lines keep the words apart where the name read out is compared with them */}
            <span style={{ display: 'block', fontSize: 12, color: token.colorTextSecondary }}>My status</span>{' '}
            <span style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600 }}>
              <Dot status={status} size={8} ring={token.colorBgContainer} />
              {STATUS_LABELS[status]}{' '}
              {session.user.extension && <span style={{ fontWeight: 400, fontSize: 12, color: token.colorTextTertiary }}>ext {session.user.extension}</span>}
            </span>
          </span>
        )}
        {!collapsed && <DownOutlined style={{ fontSize: 11, color: token.colorTextTertiary }} />}
      </button>
    </MenuOnDemand>
  );
}

function PeerRow({ peer, collapsed }: { peer: Peer; collapsed: boolean }) {
  const { token } = theme.useToken();
  const status = peerStatus(peer);
  const name = fullName(peer);
  const reachable = status !== 'offline';
  const avatar = (
    <Badge dot color={STATUS_COLORS[status]} offset={[-3, 24]} style={{ width: 9, height: 9, boxShadow: `0 0 0 2px ${token.colorBgContainer}` }}>
      <Avatar
        size={30}
        src={peer.avatar || undefined}
        style={{ background: reachable ? token.colorPrimaryBg : token.colorFillSecondary, color: token.colorText, fontSize: 12 }}
      >
        {initials(peer)}
      </Avatar>
    </Badge>
  );
  if (collapsed) {
    return (
      <li style={{ display: 'flex', justifyContent: 'center', padding: '6px 0' }}>
        <Tooltip title={`${name} · ${STATUS_LABELS[status]}`} placement="right">
          <span tabIndex={0} aria-label={`${name}, ${STATUS_LABELS[status]}`}>
            {avatar}
          </span>
        </Tooltip>
      </li>
    );
  }
  return (
    // Offline colleagues are told by their status and their greyed avatar, with text still readable.
    <li className="frame-peer" style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '6px 12px 6px 16px' }}>
      {avatar}
      <span style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
        <span style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        <span style={{ fontSize: 12, color: token.colorTextSecondary, display: 'flex', alignItems: 'center', gap: 4 }}>
          {STATUS_LABELS[status]}
          {peer.extension && <span style={{ color: token.colorTextTertiary }}>· {peer.extension}</span>}
          {peer.mobileLoggedIn && (
            <Tooltip title="Signed in on mobile">
              <MobileOutlined aria-label="Signed in on mobile" style={{ color: token.colorTextTertiary }} />
            </Tooltip>
          )}
        </span>
      </span>
      <Tooltip title={reachable ? `Call ${name}` : `${name} is offline`}>
        <Button
          shape="circle"
          size="small"
          type="text"
          icon={<PhoneOutlined />}
          aria-label={`Call ${name}`}
          disabled={!reachable}
          onClick={() => bus.dial({ to: peer.extension ?? peer.id, name, peerId: peer.id })}
        />
      </Tooltip>
    </li>
  );
}

/** Colleagues with their presence, live from the bus. */
export function PeersList({ me, collapsed }: { me: string; collapsed: boolean }) {
  const { token } = theme.useToken();
  const peers = sortPeers(useObservable(bus.peers$).filter((p) => p.id !== me));
  const connection = useObservable(bus.connection$);
  const online = peers.filter((p) => peerStatus(p) !== 'offline').length;
  return (
    <nav aria-label="Team" style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {!collapsed && (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', padding: '12px 16px 4px' }}>
          <Typography.Text strong style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.6, color: token.colorTextSecondary }}>
            Team
          </Typography.Text>
          {peers.length > 0 && <Typography.Text style={{ fontSize: 12, color: token.colorTextTertiary }}>{online} online</Typography.Text>}
        </div>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: '0 0 8px', overflowY: 'auto', flex: 1 }} data-testid="peers">
        {peers.map((p) => (
          <PeerRow key={p.id} peer={p} collapsed={collapsed} />
        ))}
      </ul>
      {peers.length === 0 && !collapsed && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={connection === 'connected' ? 'No teammates yet' : 'Connecting…'}
          style={{ margin: '8px 0 24px' }}
        />
      )}
    </nav>
  );
}

/** The side navigation: 256 wide, 64 collapsed, starts open. */
export function SideNav({ session, collapsed }: { session: Session; collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      style={{ background: token.colorBgContainer, borderRight: `1px solid ${token.colorBorderSecondary}`, overflow: 'hidden' }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <StatusMenu session={session} collapsed={collapsed} />
        <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, margin: collapsed ? '0 12px' : '0 16px' }} />
        <PeersList me={session.user.id} collapsed={collapsed} />
      </div>
    </Layout.Sider>
  );
}
