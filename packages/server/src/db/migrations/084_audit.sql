-- The audit trail: one row per event an auditor asks about. Rows are never changed or removed
-- (a trigger refuses it), and they hold no foreign keys: deleting a contact or an employee keeps
-- its rows, with the names as they were at the time.
create table audit_events (
  id bigint generated always as identity primary key,
  account_id uuid not null,
  at timestamptz not null default now(),
  -- The person signed in, and the person they were acting as while ghosting.
  actor_id uuid,
  actor_name text,
  acting_as_id uuid,
  acting_as_name text,
  action text not null,
  target_type text,
  target_id text,
  target_label text,
  detail text,
  ip text
);
create index audit_events_account_at on audit_events (account_id, at desc, id desc);
create index audit_events_account_actor on audit_events (account_id, actor_id, at desc);

create function audit_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_events is append-only';
end
$$;
create trigger audit_events_no_update_or_delete before update or delete on audit_events
  for each row execute function audit_events_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_append_only();
