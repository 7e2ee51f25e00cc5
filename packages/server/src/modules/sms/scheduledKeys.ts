import type { Queryable } from '../../db/index';

/** The key of a scheduled message's text: its follow-up and its time (an edit makes a new one). */
export const keyOf = (followUpId: string, at: Date) => `scheduled:${followUpId}:${at.toISOString()}`;
export const followUpOfKey = (key: string | null) => (key?.startsWith('scheduled:') ? key.split(':')[1]! : null);

/** A scheduled text handed to the carrier completes its follow-up. */
export async function scheduledSent(q: Queryable, accountId: string, key: string | null): Promise<void> {
  const id = followUpOfKey(key);
  if (id)
    await q.query(`update followups set message_status = 'completed', is_active = false, completed_at = now() where id = $1 and account_id = $2`, [
      id,
      accountId,
    ]);
}
