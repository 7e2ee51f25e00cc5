import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/index';
import type { Sealer } from '../../sealing/crypto';
import type { MailProvider } from './index';

/**
 * Keeps mail in the mail_outbox table, where a developer reads it (`pnpm --filter @agency/server
 * outbox`). Bodies carry reset codes and welcome links, so they are sealed like clients' secrets:
 * the table alone never shows one.
 */
export function createLocalMail(db: Db, sealer: Sealer): MailProvider {
  return {
    async send(m) {
      await db.tx((q) =>
        q.query('insert into mail_outbox (id, account_id, to_address, subject, body) values ($1, $2, $3, $4, $5)', [
          randomUUID(),
          m.accountId ?? null,
          m.to,
          m.subject,
          sealer.seal(m.body),
        ]),
      );
    },
  };
}

export interface OutboxMail {
  id: string;
  accountId: string | null;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

const SEALED = /^v\d+:/;

/** The latest `limit` mails of the outbox (to one address when `to` is given), oldest first, opened. */
export async function readOutbox(q: Queryable, sealer: Sealer, opts: { limit?: number; to?: string } = {}): Promise<OutboxMail[]> {
  const rows = await q.query<{ id: string; account_id: string | null; to_address: string; subject: string; body: string; created_at: Date }>(
    `select id, account_id, to_address, subject, body, created_at from mail_outbox
      where ($1::text is null or lower(to_address) = lower($1))
      order by created_at desc, id desc limit $2`,
    [opts.to ?? null, opts.limit ?? 10],
  );
  return rows.reverse().map((r) => ({
    id: r.id,
    accountId: r.account_id,
    to: r.to_address,
    subject: r.subject,
    body: SEALED.test(r.body) ? sealer.open(r.body) : r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
