-- Contacts (clients) of an account. The person and household fields live in `data` as the wire
-- sends them (dates MM/dd/yyyy, phones as digits, money in cents); SSNs are sealed (AES-256-GCM)
-- in their own columns. `sort_key` (normalised display name, C collation) orders the list and
-- serves the letter bar; `client_terms` holds one row per searchable word or number.
create table clients (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  data jsonb not null default '{}'::jsonb,
  ssn_enc text,
  co_ssn_enc text,
  sort_key text collate "C" not null default '',
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index clients_account_sort on clients (account_id, sort_key, id);

-- kind: name (words of names and company), email, phone (any of a person's numbers), mobile.
create table client_terms (
  account_id uuid not null,
  client_id uuid not null references clients(id) on delete cascade,
  term text collate "C" not null,
  kind text not null
);
create index client_terms_lookup on client_terms (account_id, term);
create index client_terms_client on client_terms (client_id);

-- Addresses, dependents, policies, quotes (vehicles, homes, commercial), payment methods, misc
-- items and links: one table, one kind each. `secret` holds the sealed sensitive fields.
create table client_records (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  kind text not null check (kind in ('address', 'dependent', 'policy', 'quote', 'paymentMethod', 'misc', 'link')),
  data jsonb not null default '{}'::jsonb,
  secret text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index client_records_client on client_records (client_id, kind, created_at);

create table client_activity (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  type text not null check (type in ('note', 'phone', 'system')),
  note text not null default '',
  is_sticky boolean not null default false,
  image text,
  thumbnail text,
  user_id uuid references users(id) on delete set null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index client_activity_feed on client_activity (client_id, created_at desc);
create index client_activity_sticky on client_activity (client_id) where is_sticky;

create table client_favorites (
  user_id uuid not null references users(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id)
);

-- SMS rooms as far as contacts need them (a room linked to a client). The messages area owns
-- the rest of a room and extends this table.
create table sms_rooms (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  phone_number text not null,
  client_id uuid references clients(id) on delete set null,
  created_at timestamptz not null default now()
);
create index sms_rooms_client on sms_rooms (client_id);
