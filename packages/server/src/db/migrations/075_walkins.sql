-- Walk-ins: people at the front desk, from check-in to done.
create table walkins (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  name text not null default '',
  client_id uuid references clients(id) on delete set null,
  reason text not null,
  status text not null default 'waiting' check (status in ('waiting', 'seen', 'done')),
  assigned_to uuid references users(id) on delete set null,
  created_by uuid references users(id) on delete set null,
  arrived_at timestamptz not null default now(),
  seen_at timestamptz,
  done_at timestamptz
);
create index walkins_open on walkins (account_id, status, arrived_at);
