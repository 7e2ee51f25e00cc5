import { SEALED_CLIENT_FIELDS } from '@agency/contracts';
import type { Db } from '../../db/index';
import type { Sealer } from '../../sealing/crypto';
import { sealedFieldBinding } from '../clientStore/mapping';
import { recordBinding } from './records/service';

const SEALED = /^v[12]:/;
const readable = (v: unknown): v is string => typeof v === 'string' && v !== '' && !SEALED.test(v);

/**
 * Seals every client field and sub-record secret still stored readable: what the demo seed writes
 * (it runs before the data key is known to it) and what was stored before a field was sealed (dates
 * of birth). Runs at start-up, before any request; returns how many rows it sealed.
 */
export async function sealReadableClientData(db: Db, sealer: Sealer): Promise<number> {
  const anyReadable = SEALED_CLIENT_FIELDS.map((f) => `data->>'${f}' !~ '^v[12]:'`).join(' or ');
  const clients = await db.query<{ id: string; data: Record<string, unknown> }>(`select id, data from clients where ${anyReadable}`);
  const records = await db.query<{ id: string; secret: string }>(`select id, secret from client_records where secret !~ '^v[12]:'`);
  if (!clients.length && !records.length) return 0;
  const BATCH = 500;
  for (let i = 0; i < clients.length; i += BATCH) {
    const batch = clients.slice(i, i + BATCH).map((r) => {
      const data = { ...r.data };
      for (const f of SEALED_CLIENT_FIELDS) {
        const v = data[f];
        if (!readable(v)) continue;
        data[`${f}Last4`] = v.slice(-4);
        data[f] = sealer.seal(v, sealedFieldBinding(r.id, f));
      }
      return { id: r.id, data: JSON.stringify(data) };
    });
    await db.query(`update clients c set data = u.data::jsonb from unnest($1::uuid[], $2::text[]) as u(id, data) where c.id = u.id`, [
      batch.map((b) => b.id),
      batch.map((b) => b.data),
    ]);
  }
  for (let i = 0; i < records.length; i += BATCH) {
    const batch = records.slice(i, i + BATCH);
    await db.query(`update client_records r set secret = u.secret from unnest($1::uuid[], $2::text[]) as u(id, secret) where r.id = u.id`, [
      batch.map((r) => r.id),
      batch.map((r) => sealer.seal(r.secret, recordBinding(r.id))),
    ]);
  }
  return clients.length + records.length;
}
