import { parseCallFlow, QUEUE_MESSAGES, type PhoneQueue } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { badRequest, notFound } from '../../http/errors';
import { VOICE_PATHS } from '../../providers/carrier/index';
import { queueName } from './flow';

/*
 * Call queues (spec 000 "Queues", spec 002 CallFlow queue.maxWait): a location whose flow has its
 * queue on keeps callers nobody answered on hold, in the order they came, until someone takes the
 * next call or the longest wait runs out (then voicemail). Who waits is kept on the call
 * (calls.queued_at), so every API process sees the same queues whatever the carrier; the carrier
 * only plays the hold music and moves the call when it is taken.
 */
export const QUEUE_EXPIRY_JOB = 'phone.queue-expiry';

interface Expiry {
  callId: string;
  queuedAt: string;
}

/** The caller joins their location's queue; the longest wait is scheduled as a job. */
export async function enterQueue(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'events'>,
  call: { id: string; accountId: string },
  maxWaitSeconds: number,
): Promise<void> {
  // Kept to the millisecond: the expiry job carries it back as a JavaScript date and must find it equal.
  const [row] = await deps.db.query<{ queued_at: Date }>(
    "update calls set queued_at = date_trunc('milliseconds', now()) where id = $1 and status = 'ringing' returning queued_at",
    [call.id],
  );
  if (!row) return;
  deps.events.emit('queuesChanged', { accountId: call.accountId });
  const queuedAt = new Date(row.queued_at).toISOString();
  await deps.jobs?.schedule<Expiry>(QUEUE_EXPIRY_JOB, { callId: call.id, queuedAt }, new Date(new Date(queuedAt).getTime() + maxWaitSeconds * 1000));
}

/** The caller is out of the queue (taken, gone, or on to voicemail). */
export async function leaveQueue(q: Queryable, callId: string): Promise<boolean> {
  return (await q.query('update calls set queued_at = null where id = $1 and queued_at is not null returning id', [callId])).length > 0;
}

/**
 * The longest wait ran out: a caller still waiting since `queuedAt` is moved on to voicemail
 * (the queue's action with expired=1). A caller taken, gone or queued again since is left alone.
 */
export async function expireQueuedCall(deps: Pick<AppDeps, 'db' | 'carrier' | 'events'>, { callId, queuedAt }: Expiry): Promise<boolean> {
  const [row] = await deps.db.query<{ call_sid: string; account_id: string }>(
    "update calls set queued_at = null where id = $1 and queued_at = $2::timestamptz and status = 'ringing' returning call_sid, account_id",
    [callId, queuedAt],
  );
  if (!row) return false;
  deps.events.emit('queuesChanged', { accountId: row.account_id });
  try {
    await deps.carrier.redirectCall(row.call_sid, `${VOICE_PATHS.queueLeft}?call=${callId}&expired=1`);
  } catch (err) {
    // The caller hung up as the wait ran out: the status callback settles the call.
    console.error('phone: could not move a caller out of the queue', (err as Error).message);
  }
  return true;
}

/** Works the queue expiries. Started once, from main.ts. */
export async function startQueueExpiry(deps: Pick<AppDeps, 'db' | 'carrier' | 'events' | 'jobs'>): Promise<void> {
  await deps.jobs?.work<Expiry>(QUEUE_EXPIRY_JOB, async (data) => {
    await expireQueuedCall(deps, data);
  });
}

/** The account's queues: each location whose flow has its queue on, with who waits and for how long on average. */
export async function listQueues(q: Queryable, accountId: string): Promise<PhoneQueue[]> {
  const rows = await q.query<{ id: string; name: string; call_flow: string | null; size: number; average: number | null }>(
    `select l.id, l.name, l.call_flow, count(c.id)::int as size,
            avg(extract(epoch from now() - c.queued_at))::float8 as average
       from account_locations l
       left join calls c on c.location_id = l.id and c.account_id = l.account_id and c.queued_at is not null and c.status = 'ringing'
      where l.account_id = $1
      group by l.id, l.name, l.call_flow, l.created_at
      order by l.created_at`,
    [accountId],
  );
  return rows
    .filter((r) => parseCallFlow(r.call_flow).queue.enabled)
    .map((r) => ({ id: r.id, sid: queueName(r.id), friendlyName: r.name, currentSize: r.size, averageWaitTime: Math.round(r.average ?? 0) }));
}

/**
 * Take Next Call: the caller who has waited longest at the location leaves the queue for the
 * user's phone, which rings with them. Two people taking at once each get a different caller.
 */
export async function takeNextCall(
  deps: Pick<AppDeps, 'db' | 'carrier' | 'events'>,
  accountId: string,
  locationId: string,
  userId: string,
): Promise<{ callId: string }> {
  const [location] = await deps.db.query('select 1 from account_locations where id = $1 and account_id = $2', [locationId, accountId]);
  if (!location) throw notFound('Queue not found');
  // A caller who hung up a moment ago cannot be moved: the next one is.
  for (let tries = 0; tries < 5; tries++) {
    const [next] = await deps.db.query<{ id: string; call_sid: string }>(
      `update calls set queued_at = null
        where id = (select id from calls where account_id = $1 and location_id = $2 and queued_at is not null and status = 'ringing'
                     order by queued_at limit 1 for update skip locked)
        returning id, call_sid`,
      [accountId, locationId],
    );
    if (!next) break;
    deps.events.emit('queuesChanged', { accountId });
    try {
      await deps.carrier.redirectCall(next.call_sid, `${VOICE_PATHS.queueTake}?call=${next.id}&user=${userId}`);
      return { callId: next.id };
    } catch {
      continue;
    }
  }
  throw badRequest(QUEUE_MESSAGES.empty);
}
