create table followups (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid references clients(id) on delete cascade,
  assign_to text not null check (assign_to in ('team', 'peer', 'self', 'none')),
  user_id uuid references users(id) on delete set null,
  date timestamptz not null,
  reminder_at integer,
  -- the reminder's job id (src/jobs) while one is scheduled
  reminder_job text,
  note text not null default '',
  message_to text,
  message text,
  message_at timestamptz,
  message_status text,
  is_active boolean not null default true,
  sms_room uuid,
  created_by uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index followups_open on followups (account_id, date) where is_active;
create index followups_client on followups (client_id, date);
