import { SEALED_CLIENT_FIELDS } from '@agency/contracts';
import type { Db } from '../db/index';
import { totpBinding } from '../modules/auth/totpSecrets';
import type { Sealer } from '../sealing/crypto';
import { sealedFieldBinding } from '../modules/clientStore/mapping';
import { recordBinding } from '../modules/clients/records/service';

/** How many values each place held sealed with an older key (or format), now sealed with the current one. */
export interface ResealCount {
  clientSsns: number;
  clientFields: number;
  records: number;
  totpSecrets: number;
  mails: number;
}

const BATCH = 500;

/**
 * Key rotation's second half: everything sealed with a previous key (CLIENT_DATA_PREVIOUS_KEYS) is
 * opened and sealed again with the current CLIENT_DATA_KEY, batch by batch, each batch in one
 * transaction. Afterwards the previous keys can be dropped.
 */
export async function resealAll(db: Db, sealer: Sealer): Promise<ResealCount> {
  const count: ResealCount = { clientSsns: 0, clientFields: 0, records: 0, totpSecrets: 0, mails: 0 };
  const again = (v: string | null, binding?: string) => (v && sealer.stale(v) ? sealer.seal(sealer.open(v, binding), binding) : v);

  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db.query<{ id: string; data: Record<string, unknown>; ssn_enc: string | null; co_ssn_enc: string | null }>(
      'select id, data, ssn_enc, co_ssn_enc from clients where id > $1 order by id limit $2',
      [after, BATCH],
    );
    if (!rows.length) break;
    await db.tx(async (q) => {
      for (const r of rows) {
        const data = { ...r.data };
        let fields = 0;
        for (const f of SEALED_CLIENT_FIELDS) {
          const v = data[f];
          if (typeof v === 'string' && v && sealer.stale(v)) {
            data[f] = again(v, sealedFieldBinding(r.id, f));
            fields++;
          }
        }
        const ssns = [r.ssn_enc, r.co_ssn_enc].filter((v) => v && sealer.stale(v)).length;
        if (!fields && !ssns) continue;
        await q.query('update clients set data = $2, ssn_enc = $3, co_ssn_enc = $4 where id = $1', [
          r.id,
          JSON.stringify(data),
          again(r.ssn_enc, sealedFieldBinding(r.id, 'ssn')),
          again(r.co_ssn_enc, sealedFieldBinding(r.id, 'coSSN')),
        ]);
        count.clientFields += fields;
        count.clientSsns += ssns;
      }
    });
    after = rows[rows.length - 1]!.id;
  }

  const stale = async <R extends { id: string }>(sql: string, write: (row: R) => Promise<boolean>) => {
    let from = '00000000-0000-0000-0000-000000000000';
    let n = 0;
    for (;;) {
      const rows = await db.query<R>(sql, [from, BATCH]);
      if (!rows.length) return n;
      for (const r of rows) if (await write(r)) n++;
      from = rows[rows.length - 1]!.id;
    }
  };
  count.records = await stale<{ id: string; secret: string }>(
    'select id, secret from client_records where secret is not null and id > $1 order by id limit $2',
    async (r) =>
      sealer.stale(r.secret) && !!(await db.query('update client_records set secret = $2 where id = $1', [r.id, again(r.secret, recordBinding(r.id))])),
  );
  count.totpSecrets = await stale<{ id: string; mfa_secret: string | null; mfa_pending_secret: string | null }>(
    'select id, mfa_secret, mfa_pending_secret from users where (mfa_secret is not null or mfa_pending_secret is not null) and id > $1 order by id limit $2',
    async (r) => {
      const binding = totpBinding(r.id);
      if (!(r.mfa_secret && sealer.stale(r.mfa_secret)) && !(r.mfa_pending_secret && sealer.stale(r.mfa_pending_secret))) return false;
      await db.query('update users set mfa_secret = $2, mfa_pending_secret = $3 where id = $1', [
        r.id,
        again(r.mfa_secret, binding),
        again(r.mfa_pending_secret, binding),
      ]);
      return true;
    },
  );
  count.mails = await stale<{ id: string; body: string }>(
    `select id, body from mail_outbox where body ~ '^v[0-9]+:' and id > $1 order by id limit $2`,
    async (r) => sealer.stale(r.body) && !!(await db.query('update mail_outbox set body = $2 where id = $1', [r.id, again(r.body)])),
  );
  return count;
}
