-- Service reviews: a request sent to a client (primary or secondary person of the household) and,
-- once answered, its rating (1 to 5) and feedback.
create table service_reviews (
  id uuid primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  client_level text not null default 'primary' check (client_level in ('primary', 'secondary')),
  requested_by uuid references users(id) on delete set null,
  rating smallint check (rating between 1 and 5),
  feedback text,
  answered_at timestamptz,
  created_at timestamptz not null default now()
);
create index service_reviews_client on service_reviews (client_id, created_at desc);
create index service_reviews_account on service_reviews (account_id, created_at desc);
