-- A call that became a conference (participants added, or the other side held): its name at the carrier.
alter table calls add column conference_name text;
alter table calls add column conference_on_hold boolean not null default false;
create unique index calls_conference on calls (conference_name) where conference_name is not null;

-- Who is or was in a call's conference: staff as client:{userId}, anyone else by number.
create table call_participants (
  id uuid primary key,
  call_id uuid not null references calls(id) on delete cascade,
  account_id uuid not null references accounts(id) on delete cascade,
  label text not null,
  call_sid text,
  user_id uuid references users(id) on delete set null,
  phone_number text,
  is_host boolean not null default false,
  coaching boolean not null default false,
  status text not null default 'ringing' check (status in ('ringing', 'joined', 'left')),
  on_hold boolean not null default false,
  muted boolean not null default false,
  -- Leaving on purpose (Leave Call): the conference goes on without them, even the host.
  leaving boolean not null default false,
  joined_at timestamptz,
  left_at timestamptz,
  created_at timestamptz not null default now(),
  unique (call_id, label)
);
create index call_participants_sid on call_participants (call_sid);
