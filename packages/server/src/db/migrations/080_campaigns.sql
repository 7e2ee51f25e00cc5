-- Campaigns (spec 001 §3 "Campaign"): a text to the clients of some tags on a schedule. Each
-- occurrence is a run; each run has one row per person it was meant for, with the text it queued
-- (keyed campaign:<campaign>:<run>:<client>:<level>, so a run resumed after a restart texts no one twice).
create table campaigns (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  name text not null,
  description text not null default '',
  format text not null default 'sms' check (format in ('sms', 'email')),
  content text not null default '',
  target_whom text not null default 'both' check (target_whom in ('client', 'subClient', 'both')),
  target_tags uuid[] not null default '{}',
  schedule_occurrence text not null check (schedule_occurrence in ('field', 'once', 'daily', 'weekly', 'monthly', 'yearly')),
  schedule_interval integer,
  schedule_interval_on jsonb,
  schedule_start_on timestamptz not null,
  schedule_end_format text not null default 'never' check (schedule_end_format in ('never', 'on', 'after')),
  schedule_end_value jsonb,
  jobs_ran integer not null default 0,
  -- The occurrence the queued job is for; a job for any other time is stale and does nothing.
  next_run_at timestamptz,
  is_active boolean not null default true,
  created_by uuid references users(id) on delete set null,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index campaigns_account on campaigns (account_id, is_active, created_at desc);

create table campaign_runs (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  campaign_id uuid not null references campaigns(id) on delete cascade,
  run_date timestamptz not null,
  status text not null default 'running' check (status in ('running', 'done', 'stopped')),
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (campaign_id, run_date)
);
create index campaign_runs_running on campaign_runs (status) where status = 'running';

create table campaign_run_recipients (
  id bigserial primary key,
  run_id uuid not null references campaign_runs(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid references clients(id) on delete set null,
  level text not null check (level in ('primary', 'secondary')),
  name text not null default '',
  phone_number text not null default '',
  message_id uuid references sms_messages(id) on delete set null,
  -- skipped recipients carry why; the others take their text's status.
  skip_reason text,
  created_at timestamptz not null default now(),
  unique (run_id, client_id, level)
);
