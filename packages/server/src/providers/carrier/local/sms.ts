import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/index';
import type { CarrierTextStatus, OutboundText, SentText, SmsCarrier } from '../sms';
import type { WebhookPoster } from './webhooks';

/*
 * The local carrier's texting: it answers a send with an SM... SID at once and then, like Twilio,
 * posts signed status callbacks: queued, sent, then delivered. Numbers it treats as unreachable:
 * a number ending in 9999 ends undelivered (30003, handset unreachable) and one ending in 0000
 * ends failed (30006, landline or unreachable carrier). A number can also be told to fail its next
 * text (`failNextText`: the simulator's Fail Next Text, `npm run carrier -- fail`), once, so that a
 * Resend of it goes through. A key handed over twice is sent once.
 */
export const UNDELIVERED_SUFFIX = '9999';
export const FAILED_SUFFIX = '0000';

export const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export type LocalFailure = 'failed' | 'undelivered';
const UNDELIVERED: CarrierTextStatus[] = [{ status: 'queued' }, { status: 'sent' }, { status: 'undelivered', errorCode: '30003' }];
const FAILED: CarrierTextStatus[] = [{ status: 'queued' }, { status: 'failed', errorCode: '30006' }];

const digitsOf = (n: string) => {
  const d = n.replace(/\D/g, '');
  return d.length === 10 ? `1${d}` : d;
};

/** The statuses the carrier reports for a text to `to`, in order, with the error code of the last. */
export function localOutcome(to: string, failsAs?: LocalFailure | null): CarrierTextStatus[] {
  const digits = to.replace(/\D/g, '');
  if (failsAs === 'undelivered' || digits.endsWith(UNDELIVERED_SUFFIX)) return UNDELIVERED;
  if (failsAs === 'failed' || digits.endsWith(FAILED_SUFFIX)) return FAILED;
  return [{ status: 'queued' }, { status: 'sent' }, { status: 'delivered' }];
}

/** The next text the local carrier is handed for `to` ends `status`; the ones after it go through. */
export async function failNextText(db: Db, to: string, status: LocalFailure = 'failed'): Promise<void> {
  await db.query(
    `insert into carrier_local_failures (to_number, status) values ($1, $2)
     on conflict (to_number) do update set status = excluded.status, created_at = now()`,
    [digitsOf(to), status],
  );
}

export function createLocalSms(db: Db, post: WebhookPoster, opts: { stepMs?: number } = {}): SmsCarrier {
  const stepMs = opts.stepMs ?? 40;
  return {
    // The local carrier keeps no pictures of its own: its clients' texts carry the app's own addresses.
    fetchMedia: async () => null,
    async sendText(text: OutboundText): Promise<SentText> {
      const sid = newSid('SM');
      const [row] = await db.query<{ sid: string; fresh: boolean }>(
        `insert into carrier_local_texts (idempotency_key, sid, to_number) values ($1, $2, $3)
         on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
         returning sid, (xmax = 0) as fresh`,
        [text.idempotencyKey, sid, text.to],
      );
      // Handed over before: the network already has it, and its callbacks were sent.
      if (!row.fresh) return { sid: row.sid, status: 'queued' };
      const [failure] = await db.query<{ status: LocalFailure }>('delete from carrier_local_failures where to_number = $1 returning status', [
        digitsOf(text.to),
      ]);
      if (failure) await db.query('update carrier_local_texts set fails_as = $1 where sid = $2', [failure.status, sid]);
      let delay = 0;
      for (const step of localOutcome(text.to, failure?.status)) {
        delay += stepMs;
        setTimeout(() => {
          const params: Record<string, string> = {
            MessageSid: sid,
            SmsSid: sid,
            MessageStatus: step.status,
            SmsStatus: step.status,
            To: text.to,
            From: text.from,
          };
          if (step.errorCode) params.ErrorCode = step.errorCode;
          void post(text.statusCallback, params);
        }, delay).unref();
      }
      return { sid, status: 'queued' };
    },
    async textStatus(sid: string) {
      const [row] = await db.query<{ to_number: string; fails_as: LocalFailure | null }>('select to_number, fails_as from carrier_local_texts where sid = $1', [
        sid,
      ]);
      if (!row) return null;
      return localOutcome(row.to_number, row.fails_as).at(-1)!;
    },
  };
}
