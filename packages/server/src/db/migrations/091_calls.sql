-- The call log (spec 001 "Call log entry"): one row per call, written from the carrier's voice
-- webhooks, so the local carrier and Twilio fill it alike. A retried webhook finds its row by call_sid.
create table calls (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  call_sid text not null,
  -- The leg that answered (the staff member's side of an inbound call): transfers name it.
  leg_sid text,
  format text not null check (format in ('inbound', 'outbound', 'transfer', 'transfer-external', 'voicemail')),
  status text not null check (status in ('ringing', 'in-progress', 'completed', 'missed', 'hangup', 'no-answer', 'busy', 'error', 'blocked')),
  direction text not null check (direction in ('incoming', 'outgoing')),
  phone_number text not null,
  agency_number text,
  user_id uuid references users(id) on delete set null,
  client_id uuid references clients(id) on delete set null,
  location_id uuid references account_locations(id) on delete set null,
  ivr text not null default 'main',
  ring_attempt integer not null default 1,
  call_duration integer not null default 0,
  error_message text,
  answered_at timestamptz,
  ended_at timestamptz,
  -- The call's recording at the carrier: in-progress, paused, completed or deleted ('deleted' hides it).
  recording_sid text,
  recording_duration integer,
  recording_status text,
  viewed_by uuid references users(id) on delete set null,
  viewed_on timestamptz,
  created_at timestamptz not null default now()
);
create unique index calls_sid on calls (call_sid);
create index calls_account_created on calls (account_id, created_at desc);
create index calls_account_user on calls (account_id, user_id, created_at desc);
