-- Who the agency is and how clients reach it (Account > Settings): the legal name and address, email, phone and website.
alter table accounts add column legal_name text not null default '';
alter table accounts add column email text not null default '';
alter table accounts add column phone text not null default '';
alter table accounts add column website text not null default '';
alter table accounts add column address text not null default '';
alter table accounts add column address2 text not null default '';
alter table accounts add column city text not null default '';
alter table accounts add column state text not null default '';
alter table accounts add column zipcode text not null default '';
