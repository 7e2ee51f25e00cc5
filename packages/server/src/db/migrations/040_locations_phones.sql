-- An account's locations (offices) and its phone numbers. A phone number is active when it has a
-- location; a client's default location is the location of the phone chosen for it
-- (clients.data.accountPhone, with clients.data.location kept in step by the service).
create table account_locations (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  name text not null,
  timezone text not null,
  call_flow text,
  office_hours text,
  messages text,
  profile_status text not null default 'not-submitted' check (profile_status in ('not-submitted', 'in-review', 'pending-review', 'approved')),
  brand_status text,
  address_sid text,
  business_sid text,
  rep1_sid text,
  rep2_sid text,
  brand_sid text,
  trust_bundle_sid text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index account_locations_account on account_locations (account_id, lower(name));

create table account_phones (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  sid text,
  phone_number text not null,
  friendly_name text not null default '',
  location_id uuid references account_locations(id) on delete set null,
  messaging_service_sid text,
  is_default boolean not null default false,
  status text not null default 'in-use',
  origin text not null default 'purchased',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index account_phones_number on account_phones (account_id, phone_number);
create index account_phones_location on account_phones (location_id);
