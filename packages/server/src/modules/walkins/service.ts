import { randomUUID } from 'node:crypto';
import { WALKIN_MESSAGES, type WalkIn, type WalkInCreate, type WalkInUpdate } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import { isAccountUser } from '../users/membership';

interface Row {
  id: string;
  name: string;
  client_id: string | null;
  client_data: Record<string, string> | null;
  reason: string;
  status: WalkIn['status'];
  arrived_at: Date;
  seen_at: Date | null;
  done_at: Date | null;
  assigned_to: string | null;
  first_name: string | null;
  last_name: string | null;
}

const SELECT = `select w.id, w.name, w.client_id, c.data as client_data, w.reason, w.status, w.arrived_at, w.seen_at, w.done_at, w.assigned_to, u.first_name, u.last_name
  from walkins w left join clients c on c.id = w.client_id left join users u on u.id = w.assigned_to`;

const clientName = (d: Record<string, string> | null) =>
  d ? [d.preferredFirstName || d.firstName, d.lastName].filter(Boolean).join(' ') || d.companyName || 'Client' : '';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toWalkIn(r: Row): WalkIn {
  const client = r.client_id ? { id: r.client_id, name: clientName(r.client_data) } : null;
  return {
    id: r.id,
    name: r.name || client?.name || '',
    client,
    reason: r.reason,
    status: r.status,
    arrivedAt: new Date(r.arrived_at).toISOString(),
    seenAt: iso(r.seen_at),
    doneAt: iso(r.done_at),
    assignedTo: r.assigned_to ? { id: r.assigned_to, firstName: r.first_name ?? '', lastName: r.last_name ?? '' } : null,
  };
}

/** Who is waiting or being seen, and who was done today, oldest arrival first. */
export async function listWalkIns(q: Queryable, accountId: string): Promise<WalkIn[]> {
  const rows = await q.query<Row>(
    `${SELECT} where w.account_id = $1 and (w.status <> 'done' or w.done_at > now() - interval '12 hours') order by w.arrived_at limit 500`,
    [accountId],
  );
  return rows.map(toWalkIn);
}

export async function getWalkIn(q: Queryable, accountId: string, id: string): Promise<WalkIn> {
  const [row] = await q.query<Row>(`${SELECT} where w.account_id = $1 and w.id = $2`, [accountId, id]);
  if (!row) throw notFound('Walk-in not found');
  return toWalkIn(row);
}

async function checkClient(q: Queryable, accountId: string, clientId: string | null | undefined) {
  if (!clientId) return;
  const [c] = await q.query('select 1 from clients where id = $1 and account_id = $2', [clientId, accountId]);
  if (!c) throw badRequest('Client not found');
}

async function checkUser(q: Queryable, accountId: string, userId: string | null | undefined) {
  if (!userId) return;
  if (!(await isAccountUser(q, accountId, userId))) throw badRequest('That person is not on this account.');
}

export async function checkIn(q: Queryable, who: { accountId: string; userId: string }, input: WalkInCreate): Promise<string> {
  if (!input.name?.trim() && !input.client) throw badRequest(WALKIN_MESSAGES.nameOrClient);
  await checkClient(q, who.accountId, input.client);
  const id = randomUUID();
  await q.query('insert into walkins (id, account_id, name, client_id, reason, created_by) values ($1, $2, $3, $4, $5, $6)', [
    id,
    who.accountId,
    input.name?.trim() ?? '',
    input.client ?? null,
    input.reason,
    who.userId,
  ]);
  return id;
}

export async function updateWalkIn(q: Queryable, accountId: string, id: string, patch: WalkInUpdate): Promise<void> {
  await getWalkIn(q, accountId, id);
  await checkClient(q, accountId, patch.client);
  await checkUser(q, accountId, patch.assignedTo);
  await q.query(
    `update walkins set
        status = coalesce($3, status),
        seen_at = case when $3 in ('seen', 'done') and seen_at is null then now() when $3 = 'waiting' then null else seen_at end,
        done_at = case when $3 = 'done' then now() when $3 is not null then null else done_at end,
        assigned_to = case when $4 then $5::uuid else assigned_to end,
        client_id = case when $6 then $7::uuid else client_id end,
        reason = coalesce($8, reason)
      where id = $1 and account_id = $2`,
    [
      id,
      accountId,
      patch.status ?? null,
      patch.assignedTo !== undefined,
      patch.assignedTo ?? null,
      patch.client !== undefined,
      patch.client ?? null,
      patch.reason ?? null,
    ],
  );
}
