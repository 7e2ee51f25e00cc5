-- The shared SMS inbox: a room per client number and agency number, its texts, who follows it,
-- what each person has read, and the numbers that opted out (spec 001 §3).
alter table sms_rooms add column agency_number text;
alter table sms_rooms add column status text not null default 'open' check (status in ('open', 'completed'));
alter table sms_rooms add column assigned_to uuid references users(id) on delete set null;
alter table sms_rooms add column last_message_on timestamptz;
alter table sms_rooms add column last_message text not null default '';
create unique index sms_rooms_numbers on sms_rooms (account_id, phone_number, agency_number);
create index sms_rooms_recent on sms_rooms (account_id, status, last_message_on desc);

create table sms_messages (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  room_id uuid not null references sms_rooms(id) on delete cascade,
  flow text not null check (flow in ('incoming', 'outgoing')),
  type text not null default 'message' check (type in ('message', 'scheduled', 'campaign', 'status', 'optin')),
  by_number text not null,
  to_number text not null,
  message text not null default '',
  media jsonb not null default '[]'::jsonb,
  status text not null check (status in ('pending', 'sent', 'delivered', 'undelivered', 'failed', 'received')),
  error text,
  carrier_sid text,
  -- One intended text, one row: automated senders name their text (campaign:..., scheduled:...).
  idempotency_key text,
  send_at timestamptz,
  campaign text,
  user_id uuid references users(id) on delete set null,
  client_id uuid references clients(id) on delete set null,
  created_at timestamptz not null default now()
);
create index sms_messages_room on sms_messages (room_id, created_at desc);
create unique index sms_messages_sid on sms_messages (carrier_sid) where carrier_sid is not null;
create unique index sms_messages_key on sms_messages (account_id, idempotency_key) where idempotency_key is not null;
create index sms_messages_pending on sms_messages (status, send_at) where status = 'pending';

create table sms_followers (
  room_id uuid not null references sms_rooms(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  primary key (room_id, user_id)
);

create table sms_reads (
  room_id uuid not null references sms_rooms(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (room_id, user_id)
);

-- A number that replied STOP to one of the account's numbers, until it replies START.
create table sms_opt_outs (
  account_id uuid not null references accounts(id) on delete cascade,
  phone_number text not null,
  agency_number text not null,
  created_at timestamptz not null default now(),
  primary key (account_id, phone_number)
);

-- What the local carrier was handed, so a text handed over twice (a retry after a restart) goes
-- out once, as Twilio's idempotent sends would.
create table carrier_local_texts (
  idempotency_key text primary key,
  sid text not null unique,
  to_number text not null,
  created_at timestamptz not null default now()
);
