import { Avatar, Tooltip } from 'antd';
import type { ChatUser, Peer } from '@agency/contracts';
import { bus } from '@agency/bus';
import { fillUnderWhite, fullName, initials, Letters, useObservable } from '@agency/ui';

/** Colleagues of the account (from the peers list), for pickers and avatars. */
export function usePeers(): Peer[] {
  return useObservable(bus.peers$);
}

const COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a', '#2f54eb', '#fa541c'];
// darkened where white initials would not read on them
const colorOf = (id: string) => fillUnderWhite(COLORS[[...id].reduce((n, c) => n + c.charCodeAt(0), 0) % COLORS.length]);

export function UserAvatar({ user, size = 32 }: { user: Pick<ChatUser, 'id' | 'firstName' | 'lastName'>; size?: number }) {
  const peers = usePeers();
  const avatar = peers.find((p) => p.id === user.id)?.avatar;
  return (
    <Tooltip title={fullName(user)}>
      <Avatar size={size} src={avatar || undefined} style={avatar ? undefined : { backgroundColor: colorOf(user.id) }} alt={fullName(user)}>
        {/* drawn, not text: the name is told by the tooltip, the group's label or the words beside it */}
        <Letters text={initials(user)} />
      </Avatar>
    </Tooltip>
  );
}

/** Overlapping avatars, at most `max` of them and a "+N". */
export function AvatarStack({ users, max, size = 24, label }: { users: ChatUser[]; max: number; size?: number; label: string }) {
  return (
    <span role="group" aria-label={`${label}: ${users.map(fullName).join(', ')}`}>
      <Avatar.Group max={{ count: max }} size={size}>
        {users.map((u) => (
          <UserAvatar key={u.id} user={u} size={size} />
        ))}
      </Avatar.Group>
    </span>
  );
}
