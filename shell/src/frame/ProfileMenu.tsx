import { useNavigate } from 'react-router-dom';
import { Avatar, Button, Tag, theme, type MenuProps } from 'antd';
import {
  DownOutlined,
  IdcardOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { errorMessage, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole, type Session } from '@agency/contracts';
import { fillUnderWhite, fullName, initials, Letters } from '@agency/ui';
import { lockScreen } from '../lock/lock';
import { saveSession } from '../session/session';
import { MenuOnDemand } from './MenuOnDemand';

/**
 * Avatar with the user's initials on their theme colour (made dark enough for the white initials)
 * when there is no picture. It sits beside the person's name, so it is not read out.
 */
export function UserAvatar({ user, size = 32 }: { user: Session['user']; size?: number }) {
  const { token } = theme.useToken();
  return (
    <Avatar
      aria-hidden
      size={size}
      src={user.avatar || undefined}
      style={{ background: user.themeColor ? fillUnderWhite(user.themeColor) : token.colorPrimary, flex: 'none' }}
    >
      <Letters text={initials(user)} />
    </Avatar>
  );
}

async function stopGhosting(navigate: (to: string) => void) {
  try {
    const session = await usersApi.unghost();
    saveSession(session);
    navigate('/');
  } catch (err) {
    bus.toast({ kind: 'error', message: errorMessage(err, 'Could not stop ghosting') });
  }
}

/** Avatar and name opening the profile menu; while ghosting it shows the ghosted user and a way back. */
export function ProfileMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { user, ghostedBy } = session;
  const items: MenuProps['items'] = [
    ...(ghostedBy
      ? [
          { key: 'ghost-note', type: 'group' as const, label: `Signed in as ${fullName(ghostedBy)}, acting as ${fullName(user)}` },
          { key: 'unghost', icon: <UserSwitchOutlined />, label: 'Stop ghosting', danger: true },
          { type: 'divider' as const },
        ]
      : []),
    { key: '/campaigns', icon: <NotificationOutlined />, label: 'Campaigns' },
    { key: '/admin/tasks', icon: <ProjectOutlined />, label: 'Task Boards' },
    { key: '/account/settings', icon: <SettingOutlined />, label: 'Settings' },
    ...(isAdminRole(user.role) ? [{ key: '/account/info', icon: <IdcardOutlined />, label: 'Account' }] : []),
    { type: 'divider' as const },
    { key: '/profile/avatar', icon: <PictureOutlined />, label: 'Change Photo' },
    { key: '/profile/change-password', icon: <KeyOutlined />, label: 'Change Password' },
    { key: '/profile/mfa', icon: <SafetyCertificateOutlined />, label: 'MFA' },
    { type: 'divider' as const },
    { key: 'lock', icon: <LockOutlined />, label: 'Lock' },
    { key: '/logout', icon: <LogoutOutlined />, label: 'Logout' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'lock') lockScreen();
    else if (key === 'unghost') void stopGhosting(navigate);
    else navigate(key);
  };
  return (
    <MenuOnDemand menu={{ items, onClick }} placement="bottomRight">
      <Button
        type="text"
        // the name shown (and the Ghosting tag) are part of the name read out
        aria-label={`Profile menu for ${fullName(user)}${ghostedBy ? ' (Ghosting)' : ''}`}
        style={{ height: 44, display: 'flex', alignItems: 'center', gap: 8, paddingInline: 8 }}
      >
        <UserAvatar user={user} />
        <span className="frame-profile-name" style={{ fontWeight: 500, maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {fullName(user)}
        </span>
        {ghostedBy && (
          <Tag color="warning" style={{ marginInlineEnd: 0 }}>
            Ghosting
          </Tag>
        )}
        <DownOutlined style={{ fontSize: 11, color: token.colorTextTertiary }} />
      </Button>
    </MenuOnDemand>
  );
}
