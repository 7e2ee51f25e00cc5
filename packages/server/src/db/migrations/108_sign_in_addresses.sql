-- The addresses each person has signed in from (the last success): while others guess at their
-- password from elsewhere, an address they signed in from lately keeps its allowance.
create table sign_in_addresses (
  user_id uuid not null references users(id) on delete cascade,
  address text not null,
  last_success_at timestamptz not null default now(),
  primary key (user_id, address)
);
