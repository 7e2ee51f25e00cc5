create table accounts (
  id uuid primary key,
  name text not null,
  db_name text not null unique,
  mfa_required boolean not null default false,
  timezone text not null default 'America/New_York',
  gathering_forms text not null default 'address,auto,home,commercial,health,life,policy,payment,extra',
  service_review_enabled boolean not null default false,
  messaging_enabled boolean not null default true,
  call_queue_enabled boolean not null default false,
  stripe_payment_method_id text,
  twilio_phone_number text,
  created_at timestamptz not null default now()
);

-- A user belongs to one account; the same email may hold a user in several accounts.
create table users (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  email text not null,
  password_hash text not null,
  role text not null check (role in ('super', 'owner', 'admin', 'employee')),
  first_name text not null,
  last_name text not null,
  avatar text,
  theme_color text not null default '#19d0de',
  extension text,
  mfa_enabled boolean not null default false,
  mfa_secret text,
  mfa_pending_secret text,
  mfa_last_step bigint,
  phone_status text not null default 'offline',
  coaching uuid,
  mobile_logged_in boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_account_email on users (account_id, lower(email));
create index users_email on users (lower(email));

create table sessions (
  id uuid primary key,
  token_hash text not null unique,
  account_id uuid not null references accounts(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  ghost_user_id uuid references users(id) on delete cascade,
  device text not null default 'desktop',
  ip text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user on sessions (user_id) where revoked_at is null;

create table auth_failures (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);

create table password_resets (
  user_id uuid primary key references users(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null
);

create table mail_outbox (
  id uuid primary key,
  account_id uuid references accounts(id) on delete cascade,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- The trainings library is the platform's own, shared by every account.
create table trainings (
  id uuid primary key,
  title text not null,
  description text not null default '',
  thumbnail text,
  tags text[] not null default '{}',
  notify boolean not null default false,
  arcade_id text,
  details text not null default '',
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create table training_views (
  training_id uuid not null references trainings(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  viewed_at timestamptz not null default now(),
  primary key (training_id, user_id)
);

create table feedback (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  category text not null,
  related_to text not null,
  comments text not null,
  created_at timestamptz not null default now()
);
