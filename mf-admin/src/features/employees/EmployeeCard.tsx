import { Avatar, Button, Card, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { Location, User } from '@agency/contracts';
import { fullName, initials } from '@agency/ui';
import { ROLE_LABELS } from './messages';

export interface EmployeeCardProps {
  user: User;
  /** The account's locations: a user's location chips show only when there are several. */
  locations: Location[];
  mfaRequired: boolean;
  onEdit: (user: User) => void;
  /** Act as this user (offered only when the signed-in user may ghost them). */
  onGhost?: (user: User) => Promise<void>;
}

/** The chips of an employee card, in the order they show. */
export function employeeChips(user: User, locations: Location[], mfaRequired: boolean): Array<{ key: string; label: string; color?: string }> {
  const chips: Array<{ key: string; label: string; color?: string }> = [];
  if (user.mfaEnabled) chips.push({ key: 'mfa', label: 'MFA Enabled', color: 'green' });
  else if (mfaRequired) chips.push({ key: 'mfa', label: 'MFA Not Setup', color: 'red' });
  if (user.mobileLoggedIn) chips.push({ key: 'mobile', label: 'Mobile App', color: 'blue' });
  if (locations.length > 1) {
    for (const l of locations.filter((l) => user.locations.includes(l.id))) chips.push({ key: `location-${l.id}`, label: l.name, color: 'purple' });
  }
  for (const g of user.groups ?? []) chips.push({ key: `group-${g}`, label: g });
  return chips;
}

/** One employee: avatar, name, role, NPN, extension and chips, with Edit. */
export function EmployeeCard({ user, locations, mfaRequired, onEdit, onGhost }: EmployeeCardProps) {
  const name = fullName(user);
  return (
    <Card
      size="small"
      role="article"
      aria-label={name}
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Flex gap={12} align="center">
        <Avatar size={48} src={user.avatar ?? undefined} alt="" style={{ flex: 'none' }}>
          {initials(user)}
        </Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {ROLE_LABELS[user.role || 'employee'] ?? user.role}
          </Typography.Text>
        </div>
        {onGhost && (
          <Popconfirm
            title={`Act as ${name}?`}
            description="You see and do what they can; they are told by email, and the audit log keeps your name."
            okText="Act as"
            onConfirm={() => onGhost(user)}
          >
            <Tooltip title="Ghost: act as this person">
              <Button icon={<UserSwitchOutlined />} aria-label={`Act as ${name}`} style={{ flex: 'none' }} />
            </Tooltip>
          </Popconfirm>
        )}
        <Button icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={() => onEdit(user)} style={{ flex: 'none' }}>
          Edit
        </Button>
      </Flex>
      <Flex gap={16} wrap>
        <Typography.Text type="secondary">
          NPN: <Typography.Text>{user.npn || '-'}</Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary">
          Ext: <Typography.Text>{user.extension || '-'}</Typography.Text>
        </Typography.Text>
      </Flex>
      <Flex gap={4} wrap>
        {employeeChips(user, locations, mfaRequired).map((c) => (
          <Tag key={c.key} color={c.color} style={{ marginInlineEnd: 0 }}>
            {c.label}
          </Tag>
        ))}
      </Flex>
    </Card>
  );
}
