-- Employee fields (spec 002 "Create employee"): phone, NPN, groups and the locations a user works at.
alter table users add column phone text;
alter table users add column npn text;
alter table users add column groups text[] not null default '{}';

create table user_locations (
  user_id uuid not null references users(id) on delete cascade,
  location_id uuid not null references account_locations(id) on delete cascade,
  primary key (user_id, location_id)
);
create index user_locations_location on user_locations (location_id);

-- A deleted user keeps its row (history points at it) but frees its email for a new user.
drop index users_account_email;
create unique index users_account_email on users (account_id, lower(email)) where deleted_at is null;

-- Gathering forms use the spec's values: 'payment' is paymentMethods; Extra always shows.
alter table accounts alter column gathering_forms set default 'address,policy,auto,home,commercial,health,life,paymentMethods';
update accounts set gathering_forms = coalesce((
  select string_agg(case f when 'payment' then 'paymentMethods' else f end, ',' order by n)
    from unnest(string_to_array(gathering_forms, ',')) with ordinality as t(f, n)
   where f <> 'extra'
), '');
