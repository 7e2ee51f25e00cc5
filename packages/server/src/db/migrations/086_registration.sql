-- A location's business registration for texting: what each wizard step saved, the reasons of the
-- last refusal (each beside its step and field), and the brand. A refused profile can be fixed and
-- submitted again.
alter table account_locations drop constraint account_locations_profile_status_check;
alter table account_locations add constraint account_locations_profile_status_check
  check (profile_status in ('not-submitted', 'in-review', 'pending-review', 'approved', 'rejected'));

create table location_registrations (
  location_id uuid primary key references account_locations(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  address jsonb,
  business jsonb,
  rep1 jsonb,
  rep2 jsonb,
  brand jsonb,
  profile_failures jsonb not null default '[]'::jsonb,
  brand_failures jsonb not null default '[]'::jsonb,
  trust_bundle_status text,
  submitted_at timestamptz,
  updated_at timestamptz not null default now()
);
create index location_registrations_account on location_registrations (account_id);
