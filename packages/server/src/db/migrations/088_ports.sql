-- Requests to port an agency's own numbers in. The numbers wait as 'porting-in' phones until the
-- port completes. Wireless account numbers and PINs go to the carrier with the request and are
-- kept only masked here.
create table port_requests (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  type text not null check (type in ('residential', 'business')),
  first_name text not null,
  last_name text not null,
  address text not null,
  city text not null,
  state text not null,
  zipcode text not null,
  numbers jsonb not null,
  loa_key text not null,
  bill_key text not null,
  status text not null default 'submitted' check (status in ('submitted', 'in-progress', 'completed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index port_requests_account on port_requests (account_id, created_at desc);
