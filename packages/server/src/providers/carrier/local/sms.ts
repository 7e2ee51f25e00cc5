import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/index';
import type { CarrierTextStatus, OutboundText, SentText, SmsCarrier } from '../sms';
import type { WebhookPoster } from './webhooks';

/*
 * The local carrier's texting: it answers a send with an SM... SID at once and then, like Twilio,
 * posts signed status callbacks: queued, sent, then delivered. Numbers it treats as unreachable:
 * a number ending in 9999 ends undelivered (30003, handset unreachable) and one ending in 0000
 * ends failed (30006, landline or unreachable carrier). A key handed over twice is sent once.
 */
export const UNDELIVERED_SUFFIX = '9999';
export const FAILED_SUFFIX = '0000';

export const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** The statuses the carrier reports for a text to `to`, in order, with the error code of the last. */
export function localOutcome(to: string): CarrierTextStatus[] {
  const digits = to.replace(/\D/g, '');
  if (digits.endsWith(UNDELIVERED_SUFFIX)) return [{ status: 'queued' }, { status: 'sent' }, { status: 'undelivered', errorCode: '30003' }];
  if (digits.endsWith(FAILED_SUFFIX)) return [{ status: 'queued' }, { status: 'failed', errorCode: '30006' }];
  return [{ status: 'queued' }, { status: 'sent' }, { status: 'delivered' }];
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
      let delay = 0;
      for (const step of localOutcome(text.to)) {
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
      const [row] = await db.query<{ to_number: string }>('select to_number from carrier_local_texts where sid = $1', [sid]);
      if (!row) return null;
      return localOutcome(row.to_number).at(-1)!;
    },
  };
}
