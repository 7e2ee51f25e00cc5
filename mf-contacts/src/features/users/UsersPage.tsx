import { useMemo, useState, type CSSProperties } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { Alert, Avatar, Button, Empty, Input, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import type { User } from '@agency/contracts';
import { errorMessage, usersApi } from '@agency/api-client';
import { fullName, initials, useLiveQuery } from '@agency/ui';
import { AlphabetBar, type BarTab } from '../list/AlphabetBar';
import { ROW_HEIGHT } from '../list/ContactRow';

/** A role as people say it. */
const ROLE_LABELS: Record<string, string> = { super: 'Super', owner: 'Owner', admin: 'Admin', employee: 'Employee' };
import { OVERSCAN } from '../list/ContactListPage';

interface DialCapable {
  dial?: (request: { to: string; name?: string; peerId?: string }) => void;
}

const letterOf = (u: User) => {
  const c = (u.firstName || u.lastName || '#').charAt(0).toLowerCase();
  return c >= 'a' && c <= 'z' ? c : '#';
};

function UserRow({ index, style, ariaAttributes, users }: RowComponentProps<{ users: User[] }>) {
  const { token } = theme.useToken();
  const u = users[index];
  const box: CSSProperties = {
    ...style,
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: '0 12px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    boxSizing: 'border-box',
  };
  const dial = (bus as unknown as DialCapable).dial;
  return (
    <div style={box} data-testid="user-row" {...ariaAttributes}>
      <Avatar src={u.avatar ?? undefined}>{initials(u)}</Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {fullName(u)} <Tag>{ROLE_LABELS[u.role] ?? u.role}</Tag>
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {[u.email, u.extension ? `ext. ${u.extension}` : null].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
      {u.extension && dial ? (
        <Tooltip title="Call">
          <Button
            type="text"
            shape="circle"
            icon={<PhoneOutlined />}
            aria-label={`Call ${fullName(u)}`}
            onClick={() => dial.call(bus, { to: u.extension!, name: fullName(u), peerId: u.id })}
          />
        </Tooltip>
      ) : null}
    </div>
  );
}

/** /users: the same list layout for the account's users, with search and the letters. */
export function UsersPage() {
  const query = useLiveQuery(() => usersApi.list().then((u) => [...u].sort((a, b) => fullName(a).localeCompare(fullName(b)))));
  const error = query.error;
  const users = useMemo(() => query.data ?? (error ? [] : null), [query.data, error]);
  const [text, setText] = useState('');
  const [letter, setLetter] = useState<BarTab | null>(null);
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return (users ?? []).filter(
      (u) =>
        (!q || `${fullName(u)} ${u.email} ${u.extension ?? ''}`.toLowerCase().includes(q)) &&
        (!letter || letter === 'tags' || letter === 'favorites' || letterOf(u) === letter),
    );
  }, [users, text, letter]);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 190px)', minHeight: 420 }}>
      <Tooltip title={`${users?.length ?? 0} Users`}>
        <Typography.Title level={3} style={{ margin: 0, alignSelf: 'flex-start' }}>
          Users
        </Typography.Title>
      </Tooltip>
      <Space.Compact style={{ marginTop: 12, maxWidth: 560 }}>
        <Input.Search
          aria-label="Search users"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search names, email or extension"
        />
        <Tooltip title="Refresh">
          <Button aria-label="Refresh" icon={<ReloadOutlined />} onClick={query.reload} />
        </Tooltip>
      </Space.Compact>
      <AlphabetBar
        groups={false}
        active={letter}
        onSelect={(t) => setLetter((cur) => (cur === t || t === 'favorites' || t === 'tags' ? null : t))}
        enabled={(l) => (users ?? []).some((u) => letterOf(u) === l)}
      />
      {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : null}
      {users === null ? (
        <Typography.Text role="status">Loading...</Typography.Text>
      ) : shown.length === 0 ? (
        <Empty description="No users" />
      ) : (
        <div style={{ flex: 1, minHeight: 0 }}>
          <List
            aria-label="Users"
            rowComponent={UserRow}
            rowCount={shown.length}
            rowHeight={ROW_HEIGHT}
            overscanCount={OVERSCAN}
            rowProps={{ users: shown }}
            style={{ height: '100%' }}
          />
        </div>
      )}
    </div>
  );
}
