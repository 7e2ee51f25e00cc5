-- Every API process keeps the sessions it has verified in memory, with the signed-in view of each
-- (GET /users/me: the user, the account, the admin behind a ghost). Whatever changes a session or
-- that view (revoked, superseded, ghosting, expiry; the user's role, MFA, profile, locations or
-- deletion; the account's settings or its number of locations) names the account on the
-- session_changes channel, in the same transaction, so every process on this database forgets that
-- account's sessions the moment the change commits, whichever code path, job or hand-run statement
-- made it. A session's last use moving forward (written at most once a minute) says nothing.
create or replace function notify_session_change() returns trigger
language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then
    changed := old;
  else
    changed := new;
  end if;
  if tg_table_name = 'accounts' then
    perform pg_notify('session_changes', changed.id::text);
  elsif tg_table_name = 'user_locations' then
    perform pg_notify('session_changes', u.account_id::text) from users u where u.id = changed.user_id;
  else
    perform pg_notify('session_changes', changed.account_id::text);
    -- A row moved to another account is forgotten by both.
    if tg_op = 'UPDATE' then
      if old.account_id is distinct from new.account_id then
        perform pg_notify('session_changes', old.account_id::text);
      end if;
    end if;
  end if;
  return null;
end;
$$;

create trigger sessions_changed after update on sessions for each row
  when (old.revoked_at is distinct from new.revoked_at
     or old.ghost_user_id is distinct from new.ghost_user_id
     or old.expires_at is distinct from new.expires_at
     or old.user_id is distinct from new.user_id
     or old.account_id is distinct from new.account_id
     or old.token_hash is distinct from new.token_hash
     or new.last_seen_at < old.last_seen_at)
  execute function notify_session_change();
create trigger sessions_deleted after delete on sessions for each row execute function notify_session_change();

create trigger users_changed after update on users for each row
  when (old::text is distinct from new::text) execute function notify_session_change();
create trigger users_deleted after delete on users for each row execute function notify_session_change();

create trigger user_locations_changed after insert or update or delete on user_locations
  for each row execute function notify_session_change();

create trigger account_locations_counted after insert or delete on account_locations
  for each row execute function notify_session_change();

create trigger accounts_changed after update on accounts for each row
  when (old::text is distinct from new::text) execute function notify_session_change();
create trigger accounts_deleted after delete on accounts for each row execute function notify_session_change();
