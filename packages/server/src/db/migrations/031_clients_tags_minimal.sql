-- The task boards read clients and their tags. The contacts module owns these tables; where it
-- has not created them, these minimal ones stand in (same names, a subset of its columns).
create table if not exists clients (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  created_at timestamptz not null default now()
);
create table if not exists tags (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  name text not null,
  description text not null default '',
  -- set for a dynamic tag: which clients hold it
  query_obj jsonb,
  created_at timestamptz not null default now()
);
create table if not exists client_tags (
  client_id uuid not null references clients(id) on delete cascade,
  tag_id uuid not null references tags(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  -- a dynamic tag switched off for one client
  is_active boolean not null default true,
  primary key (client_id, tag_id)
);
