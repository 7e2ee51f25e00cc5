-- A new reset request no longer replaces the person's live code: each request is a row of its own
-- (its code bound to its request, 15 minutes, 5 tries), and using any one spends them all. Each
-- mail also carries a link with a 128-bit token, found by its hash (a wrong token touches no row),
-- that lives as long as the hour the mails are counted in.
alter table password_resets drop constraint password_resets_pkey;
alter table password_resets add column id uuid primary key default gen_random_uuid();
alter table password_resets add column token_hash text;
alter table password_resets add column link_expires_at timestamptz;
create index password_resets_user on password_resets (user_id);
create index password_resets_token on password_resets (token_hash) where token_hash is not null;
