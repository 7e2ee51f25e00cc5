import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import type { MailProvider } from './index';

/** Keeps mail in the mail_outbox table, where a developer reads it (`pnpm --filter @agency/server outbox`). */
export function createLocalMail(db: Db): MailProvider {
  return {
    async send(m) {
      await db.query('insert into mail_outbox (id, account_id, to_address, subject, body) values ($1, $2, $3, $4, $5)', [
        randomUUID(),
        m.accountId ?? null,
        m.to,
        m.subject,
        m.body,
      ]);
    },
  };
}
