-- The account's branded client mobile app: its logo (a 400x400 PNG data URL), what clients can ask
-- about (products, departments, change request types) and the referral programme it shows.
create table mobile_app_settings (
  account_id uuid primary key references accounts(id) on delete cascade,
  id uuid not null unique,
  logo text,
  products jsonb not null default '[]'::jsonb,
  departments jsonb not null default '[]'::jsonb,
  change_request_types jsonb not null default '[]'::jsonb,
  referral_bonus text not null default '',
  referral_disclaimer text not null default '',
  updated_at timestamptz not null default now()
);
