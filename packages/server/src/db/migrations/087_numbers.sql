-- The local carrier's numbers that are taken (bought by some account), and the accounts' message
-- campaigns (A2P messaging services): a location's use case, samples and consent, reviewed by the
-- carriers (IN_PROGRESS, then VERIFIED or FAILED with the reasons).
create table carrier_local_numbers (
  phone_number text primary key,
  sid text not null unique,
  created_at timestamptz not null default now()
);

create table messaging_services (
  sid text primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  location_id uuid references account_locations(id) on delete set null,
  friendly_name text not null,
  usecase text not null check (usecase in ('marketing', 'discussion', 'undeclared')),
  description text not null,
  message_samples jsonb not null,
  has_embedded_links boolean not null default false,
  has_embedded_phone boolean not null default false,
  message_flow text not null,
  campaign_status text check (campaign_status in ('IN_PROGRESS', 'FAILED', 'VERIFIED')),
  campaign_errors jsonb not null default '[]'::jsonb,
  campaign_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index messaging_services_account on messaging_services (account_id, created_at);
