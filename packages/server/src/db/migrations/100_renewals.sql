-- Renewals: what ends (a policy's termDate, a vehicle's expirationDate, a home's
-- coverage.expirationDate, all MM/dd/yyyy in client_records.data) as a date an index can use, and
-- the work on each term: one row per (account, source kind, source id, term end).
-- (Functions an index calls name the schema of what they call: indexes are built with a safe search_path.)
create function renewal_source(kind text, data jsonb) returns text language sql immutable parallel safe as $$
  select case
    when kind = 'policy' then 'policy'
    when kind = 'quote' and data->>'form' in ('auto', 'rv', 'rec', 'water') then 'vehicle'
    when kind = 'quote' and data->>'form' = 'home' then 'home'
  end
$$;

create function renewal_end(kind text, data jsonb) returns date language sql immutable parallel safe as $$
  select public.client_date(case public.renewal_source(kind, data)
    when 'policy' then data->>'termDate'
    when 'vehicle' then data->>'expirationDate'
    when 'home' then data->'coverage'->>'expirationDate'
  end)
$$;

-- Kept on each record (stored, so a page of the view neither parses dates nor reads JSON to find
-- its rows): what kind of term it is and the day it ends. A page reads the terms of one account
-- ending in a window, in date order.
alter table client_records add column renewal_kind text generated always as (renewal_source(kind, data)) stored;
alter table client_records add column renewal_end_on date generated always as (renewal_end(kind, data)) stored;
create index client_records_renewal_end on client_records (account_id, renewal_end_on, id) where renewal_end_on is not null;

create table renewals (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  source_kind text not null check (source_kind in ('policy', 'vehicle', 'home')),
  source_id uuid not null,
  term_end date not null,
  state text not null default 'notStarted' check (state in ('notStarted', 'contacted', 'quoted', 'renewed', 'lost')),
  lost_reason text,
  new_term_date date,
  -- the work the daily job made for the term (a follow-up for its owner, a card on the chosen board)
  owner_id uuid references users(id) on delete set null,
  followup_id uuid references followups(id) on delete set null,
  card_id uuid references task_cards(id) on delete set null,
  started_at timestamptz,
  state_changed_at timestamptz,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (account_id, source_kind, source_id, term_end)
);
create index renewals_source on renewals (source_id);
create index renewals_account_end on renewals (account_id, term_end);
create index renewals_account_changed on renewals (account_id, state_changed_at) where state <> 'notStarted';

-- Per account: how many days before the end a renewal starts, who owns one whose record names no
-- one, and the board that gets a card for it.
create table renewal_settings (
  account_id uuid primary key references accounts(id) on delete cascade,
  start_days integer not null default 60 check (start_days between 1 and 365),
  owner_user_id uuid references users(id) on delete set null,
  board_id uuid references task_boards(id) on delete set null,
  updated_at timestamptz not null default now()
);
