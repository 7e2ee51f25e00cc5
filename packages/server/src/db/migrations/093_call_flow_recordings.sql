-- Audio the account uploaded for its call-flow messages (at most 4): played to callers by the carrier,
-- which fetches it from /api/media/call-flow/{id}/{token}. Greetings are not private: the token is kept
-- so the settings page can list the addresses again.
create table call_flow_recordings (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  label text not null,
  type text not null,
  size integer not null,
  storage_key text not null,
  token text not null,
  created_at timestamptz not null default now()
);
create index call_flow_recordings_account on call_flow_recordings (account_id, created_at);
