-- The local carrier fails the next text to a number when told to (the simulator's "Fail Next Text",
-- `npm run carrier -- fail`), so a failed text and its Resend can be seen without a real network.
-- A text's own outcome is kept with it, for the carrier's status lookups.
create table carrier_local_failures (
  to_number text primary key,
  status text not null check (status in ('failed', 'undelivered')),
  created_at timestamptz not null default now()
);
alter table carrier_local_texts add column if not exists fails_as text;
