-- Dynamic tags ask for ages and birth dates across every client of an account: the birth date
-- (MM/dd/yyyy in data) as a date, through an immutable function an index can use.
create function client_date(d text) returns date language sql immutable strict parallel safe as $$
  select case when d ~ '^\d{2}/\d{2}/\d{4}$' then make_date(substr(d, 7, 4)::int, substr(d, 1, 2)::int, substr(d, 4, 2)::int) end
$$;
create index clients_dob on clients (account_id, client_date(data->>'dob'));
