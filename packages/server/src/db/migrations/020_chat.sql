-- Team chat: rooms, their members (with each member's own order, hidden flag and unread count),
-- messages in one order per room (seq) with a change counter (rev), reactions and uploads.
create table chat_rooms (
  account_id uuid not null references accounts(id) on delete cascade,
  id text not null,
  format text not null check (format in ('group', 'direct')),
  title text not null default '',
  created_by uuid references users(id) on delete set null,
  last_seq integer not null default 0,
  last_rev integer not null default 0,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (account_id, id)
);

create table chat_members (
  account_id uuid not null,
  room_id text not null,
  user_id uuid not null references users(id) on delete cascade,
  sort_order integer not null default 0,
  hidden boolean not null default false,
  muted boolean not null default false,
  unread integer not null default 0,
  last_read_seq integer not null default 0,
  viewed_at timestamptz,
  joined_at timestamptz not null default now(),
  primary key (account_id, room_id, user_id),
  foreign key (account_id, room_id) references chat_rooms (account_id, id) on delete cascade
);
create index chat_members_user on chat_members (account_id, user_id);

create table chat_messages (
  id uuid primary key,
  account_id uuid not null,
  room_id text not null,
  seq integer not null,
  rev integer not null,
  type text not null check (type in ('message', 'status')),
  user_id uuid references users(id) on delete set null,
  body text not null default '',
  files jsonb not null default '[]',
  edited boolean not null default false,
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  foreign key (account_id, room_id) references chat_rooms (account_id, id) on delete cascade,
  unique (account_id, room_id, seq)
);
create index chat_messages_rev on chat_messages (account_id, room_id, rev);

create table chat_reactions (
  message_id uuid not null references chat_messages(id) on delete cascade,
  emoji text not null,
  user_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (message_id, emoji, user_id)
);

create table chat_uploads (
  id uuid primary key,
  account_id uuid not null,
  room_id text not null,
  user_id uuid references users(id) on delete set null,
  name text not null,
  type text not null,
  size integer not null,
  storage_key text not null,
  message_id uuid references chat_messages(id) on delete set null,
  -- Set when its message is deleted: the file is then removed from storage and no longer served.
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (account_id, room_id) references chat_rooms (account_id, id) on delete cascade
);
create index chat_uploads_room on chat_uploads (account_id, room_id);
