-- The birth date as a stored date column: dynamic tags on age and birth date compare a plain
-- column (and count from its index) instead of parsing text for every client. client_date is
-- redefined without STRICT so the planner can inline it where it is still used.
create or replace function client_date(d text) returns date language sql immutable parallel safe as $$
  select case when d ~ '^\d{2}/\d{2}/\d{4}$' then make_date(substr(d, 7, 4)::int, substr(d, 1, 2)::int, substr(d, 4, 2)::int) end
$$;
drop index if exists clients_dob;
alter table clients add column dob_date date generated always as (client_date(data->>'dob')) stored;
create index clients_dob on clients (account_id, dob_date);

-- sub-record conditions of dynamic tags (addresses.*, policies.*) read one kind across the account
create index client_records_kind on client_records (account_id, kind);
