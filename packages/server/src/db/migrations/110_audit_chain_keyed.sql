-- The audit chain keyed: from now on each row's hash is an HMAC-SHA256 under AUDIT_CHAIN_KEY, a
-- key the database does not hold, worked out by the app as it adds the row (modules/audit/chain.ts),
-- and the row names its key (key_id) so keys rotate. Whoever owns the schema can still change rows,
-- but not work out hashes that make the chain hold again.
alter table audit_events add column key_id text;

-- Where each account's chain stood when it was keyed: rows up to there were hashed with plain
-- SHA-256 (key_id null) and are checked that way; a row without a key after it breaks the chain.
create table audit_chain_switch (
  account_id uuid primary key,
  seq bigint not null
);
insert into audit_chain_switch (account_id, seq) select account_id, max(seq) from audit_events group by account_id;
revoke insert, update, delete, truncate on audit_chain_switch from public;

-- The database checks what it can without the key: each row follows its account's last row, comes
-- keyed, and is dated now, whatever the insert says. The functions pin their search_path, so no
-- schema or function of a session's own can stand in for what they call.
create or replace function audit_events_chain() returns trigger language plpgsql
  set search_path = pg_catalog, public as $$
declare
  last record;
begin
  perform pg_advisory_xact_lock(hashtextextended('audit_events:' || new.account_id::text, 0));
  select seq, hash into last from audit_events where account_id = new.account_id order by seq desc limit 1;
  if new.key_id is null or new.hash is null then
    raise exception 'audit_events rows are keyed by the app (key_id and hash)';
  end if;
  if new.seq is distinct from coalesce(last.seq, 0) + 1 or new.prev_hash is distinct from last.hash then
    raise exception 'an audit_events row follows the last row of its account';
  end if;
  new.at := now();
  return new;
end
$$;
alter function audit_event_hash(text, audit_events) set search_path = pg_catalog, public;
alter function audit_events_append_only() set search_path = pg_catalog, public;
