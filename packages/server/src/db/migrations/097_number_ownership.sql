-- A number belongs to one agency (safe to run again). An account holds a number only when the carrier says so:
-- bought, ported in (the carrier completes the port) or proved to be under the carrier account.
--
-- 1. The local carrier keeps which agency each of its numbers belongs to (its customer), as a
--    carrier does; numbers held before now are the accounts' that hold them with that SID.
alter table carrier_local_numbers add column if not exists account_id uuid references accounts(id) on delete cascade;
update carrier_local_numbers c set account_id = p.account_id
  from account_phones p where p.sid = c.sid and c.account_id is null;

-- 2. A number held by several accounts (or twice by one) stays with the holder the carrier knows:
--    an in-use number whose SID the local carrier holds, then any in-use number with a SID, then
--    a bought one, then the oldest. The others are removed, each with a line in its account's
--    audit trail, and clients that named them as their default phone keep their location.
create temporary table phones_kept on commit drop as
  select distinct on (regexp_replace(p.phone_number, '\D', '', 'g')) p.id
    from account_phones p
   where p.status <> 'released'
   order by regexp_replace(p.phone_number, '\D', '', 'g'),
            (p.status = 'in-use') desc,
            exists (select 1 from carrier_local_numbers c where c.sid = p.sid and c.account_id = p.account_id) desc,
            (p.sid is not null) desc,
            (p.origin = 'purchased') desc,
            p.created_at, p.id;

insert into audit_events (account_id, action, target_type, target_id, target_label, detail)
  select p.account_id, 'numberReleased', 'phone', p.id::text, regexp_replace(p.phone_number, '\D', '', 'g'),
         'Removed: the number is held by another account'
    from account_phones p
   where p.status <> 'released' and p.id not in (select id from phones_kept);

delete from account_phones p where p.status <> 'released' and p.id not in (select id from phones_kept);

-- A SID names one number: a second row claiming the same SID loses it (and is no longer routed).
update account_phones p set sid = null
 where p.sid is not null and p.status <> 'released'
   and exists (select 1 from account_phones o where o.sid = p.sid and o.status <> 'released' and (o.created_at, o.id) < (p.created_at, p.id));

-- The local carrier holds the numbers in use here (for the embedded carrier; Twilio keeps its own).
insert into carrier_local_numbers (phone_number, sid, account_id)
  select regexp_replace(p.phone_number, '\D', '', 'g'), p.sid, p.account_id from account_phones p
   where p.status = 'in-use' and p.sid is not null
  on conflict do nothing;

-- 3. The database says so from now on: an active number (any status but released) and its SID
--    are unique across all accounts.
create unique index if not exists account_phones_active_number on account_phones ((regexp_replace(phone_number, '\D', '', 'g'))) where status <> 'released';
create unique index if not exists account_phones_active_sid on account_phones (sid) where sid is not null and status <> 'released';

-- 4. A port is a request the carrier completes, or rejects with its reason.
alter table port_requests drop constraint if exists port_requests_status_check;
alter table port_requests add constraint port_requests_status_check check (status in ('submitted', 'in-progress', 'completed', 'rejected'));
alter table port_requests add column if not exists reason text;
