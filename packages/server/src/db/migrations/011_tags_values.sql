create table tags (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  name text not null,
  description text not null default '',
  query_obj jsonb,
  type text not null default 'tenant' check (type in ('core', 'tenant')),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index tags_account_name on tags (account_id, lower(name));

-- Static tags: a row is an assignment (is_active true). Dynamic tags: a row with is_active false
-- opts the client out of a tag its query matches.
create table client_tags (
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  tag_id uuid not null references tags(id) on delete cascade,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (client_id, tag_id)
);
create index client_tags_tag on client_tags (tag_id, is_active);

-- Smart option values by key (PolicyType, AutoMake, ...).
create table option_values (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  key text not null,
  value text not null,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index option_values_unique on option_values (account_id, key, lower(value));

create table blocked_numbers (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  phone_number text not null,
  reason text not null default '',
  added_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index blocked_numbers_unique on blocked_numbers (account_id, phone_number);
