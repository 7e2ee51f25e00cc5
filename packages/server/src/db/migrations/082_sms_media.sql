-- Pictures staff attach to texts (MMS). The carrier fetches each from a public address carrying an
-- unguessable token; only the token's hash is kept.
create table sms_media (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  name text not null,
  type text not null,
  size integer not null,
  storage_key text not null,
  token_hash text not null,
  created_at timestamptz not null default now()
);
create index sms_media_account on sms_media (account_id, created_at);
