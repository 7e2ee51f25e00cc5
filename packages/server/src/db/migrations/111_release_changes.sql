-- The global log of release changes: the shell and the remotes are the same for every agency, so
-- who made which release live, when and why is kept here, read by super users (the Releases page),
-- and no longer in the acting super user's agency's audit trail. It is append-only and one keyed
-- chain, as each agency's trail is (modules/audit/chain.ts): the app keys each row, the database
-- checks that it follows the last one and dates it.
create table release_changes (
  id bigint generated always as identity primary key,
  seq bigint not null unique,
  at timestamptz not null default now(),
  prev_hash text,
  hash text not null,
  key_id text not null,
  -- a super user's email (the Releases page), or --by or the OS user (the command line)
  by text not null,
  via text not null,
  -- released (a new release made live), activated, rolledBack
  action text not null,
  name text not null,
  release text not null,
  reason text,
  -- what the preflight found missing when it was forced past
  forced text,
  -- changes the command line noted in the registry folder while the server held the database
  -- (RELEASES_STORE=disk): the note's id, and when it was made
  ref text unique,
  noted_at text
);

create function release_changes_chain() returns trigger language plpgsql
  set search_path = pg_catalog, public as $$
declare
  last record;
begin
  perform pg_advisory_xact_lock(hashtextextended('release_changes:', 0));
  select seq, hash into last from release_changes order by seq desc limit 1;
  if new.key_id is null or new.hash is null then
    raise exception 'release_changes rows are keyed by the app (key_id and hash)';
  end if;
  if new.seq is distinct from coalesce(last.seq, 0) + 1 or new.prev_hash is distinct from last.hash then
    raise exception 'a release_changes row follows the last row';
  end if;
  new.at := now();
  return new;
end
$$;
create trigger release_changes_chain before insert on release_changes for each row execute function release_changes_chain();

create function release_changes_append_only() returns trigger language plpgsql
  set search_path = pg_catalog, public as $$
begin
  raise exception 'release_changes is append-only';
end
$$;
create trigger release_changes_no_update_or_delete before update or delete on release_changes
  for each row execute function release_changes_append_only();
create trigger release_changes_no_truncate before truncate on release_changes
  for each statement execute function release_changes_append_only();
revoke update, delete, truncate on release_changes from public;
