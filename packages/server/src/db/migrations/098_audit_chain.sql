-- The audit trail as a hash chain, per account: each row carries the hash of the account's row
-- before it (prev_hash) and its own (hash, over prev_hash and every column but id), numbered by
-- seq. A row removed or changed by anyone, even with the trigger off, breaks the chain at the next
-- row; `npm run audit -- verify` walks it. The hash is worked out here, in the database, under a
-- per-account lock, so concurrent writers chain one after the other.
alter table audit_events add column seq bigint;
alter table audit_events add column prev_hash text;
alter table audit_events add column hash text;

create function audit_event_hash(prev text, e audit_events) returns text language sql immutable as $$
  select encode(sha256(convert_to(coalesce(prev, '') || '|' || jsonb_build_array(
    e.seq, e.account_id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), e.actor_id, e.actor_name,
    e.acting_as_id, e.acting_as_name, e.action, e.target_type, e.target_id, e.target_label, e.detail, e.ip
  )::text, 'UTF8')), 'hex')
$$;

-- The rows written before the chain: chained now, oldest first (the guard is off for this only).
alter table audit_events disable trigger audit_events_no_update_or_delete;
do $$
declare
  r record;
  last_account uuid := null;
  n bigint := 0;
  prev text := null;
begin
  for r in select id, account_id from audit_events order by account_id, id loop
    if last_account is distinct from r.account_id then
      last_account := r.account_id;
      n := 0;
      prev := null;
    end if;
    n := n + 1;
    update audit_events set seq = n, prev_hash = prev where id = r.id;
    update audit_events e set hash = audit_event_hash(prev, e) where e.id = r.id returning hash into prev;
  end loop;
end
$$;
alter table audit_events enable trigger audit_events_no_update_or_delete;

alter table audit_events alter column seq set not null;
alter table audit_events alter column hash set not null;
create unique index audit_events_account_seq on audit_events (account_id, seq);

create function audit_events_chain() returns trigger language plpgsql as $$
declare
  last record;
begin
  perform pg_advisory_xact_lock(hashtextextended('audit_events:' || new.account_id::text, 0));
  select seq, hash into last from audit_events where account_id = new.account_id order by seq desc limit 1;
  new.seq := coalesce(last.seq, 0) + 1;
  new.prev_hash := last.hash;
  new.hash := audit_event_hash(new.prev_hash, new);
  return new;
end
$$;
create trigger audit_events_chain before insert on audit_events for each row execute function audit_events_chain();

-- The app's role may add and read rows; nothing else. Where migrations run with a role of their own
-- (MIGRATION_DATABASE_URL), the app's role is granted exactly that (db/roles.ts).
revoke update, delete, truncate on audit_events from public;
