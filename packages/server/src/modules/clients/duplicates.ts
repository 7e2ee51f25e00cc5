import { normalizePhone, type ClientDuplicate } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { ClientData } from '../clientStore/mapping';
import { displayName } from '../clientStore/search';

/** What a duplicate is looked up by: the full phone numbers and the email, normalised. */
export interface DuplicateKeys {
  phones: string[];
  email: string | null;
}

export function duplicateKeys(f: { mobilePhone?: string | null; email?: string | null; phone?: string | null }): DuplicateKeys {
  const phones = [f.mobilePhone, f.phone]
    .filter((p): p is string => !!p)
    .map(normalizePhone)
    .filter((p) => p.length >= 11);
  return { phones, email: f.email?.trim().toLowerCase() || null };
}

/** How a client's data matches the keys (phones before email, the primary before the secondary), or null. */
export function matchOf(id: string, d: ClientData, { phones, email }: DuplicateKeys): ClientDuplicate | null {
  const name = displayName(d);
  const coName = [d.coFirstName, d.coLastName].filter(Boolean).join(' ');
  const has = (keys: string[], values: Array<string | null>) => keys.some((k) => d[k] && values.includes(String(d[k])));
  if (has(['mobilePhone', 'phone'], phones)) return { id, name, matchedOn: 'mobilePhone', level: 'primary' };
  if (has(['coMobilePhone', 'coPhone'], phones)) return { id, name: coName || name, matchedOn: 'mobilePhone', level: 'secondary' };
  if (has(['email'], [email])) return { id, name, matchedOn: 'email', level: 'primary' };
  if (has(['coEmail'], [email])) return { id, name: coName || name, matchedOn: 'email', level: 'secondary' };
  return null;
}

/** Clients whose mobile phone, phone or email equals the given ones. */
export async function findDuplicates(
  q: Queryable,
  accountId: string,
  f: { mobilePhone?: string | null; email?: string | null; phone?: string | null; exclude?: string },
): Promise<ClientDuplicate[]> {
  const keys = duplicateKeys(f);
  if (!keys.phones.length && !keys.email) return [];
  const rows = await q.query<{ id: string; data: ClientData }>(
    `select c.id, c.data from clients c
      where c.account_id = $1 and c.id <> coalesce($4::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        and c.id in (select client_id from client_terms
                      where account_id = $1 and ((kind in ('phone', 'mobile') and term = any($2::text[])) or (kind = 'email' and term = $3)))
      order by c.sort_key limit 20`,
    [accountId, keys.phones, keys.email, f.exclude ?? null],
  );
  return rows.flatMap((r) => matchOf(r.id, r.data, keys) ?? []);
}

/** The first duplicate of each of several rows (as findDuplicates would name it), in one query. */
export async function firstDuplicates(
  q: Queryable,
  accountId: string,
  list: Array<{ mobilePhone?: string | null; email?: string | null; phone?: string | null }>,
): Promise<Array<ClientDuplicate | null>> {
  const keys = list.map(duplicateKeys);
  const phones = [...new Set(keys.flatMap((k) => k.phones))];
  const emails = [...new Set(keys.flatMap((k) => (k.email ? [k.email] : [])))];
  if (!phones.length && !emails.length) return keys.map(() => null);
  const rows = await q.query<{ id: string; data: ClientData }>(
    `select c.id, c.data from clients c
      where c.account_id = $1
        and c.id in (select client_id from client_terms
                      where account_id = $1 and ((kind in ('phone', 'mobile') and term = any($2::text[])) or (kind = 'email' and term = any($3::text[]))))
      order by c.sort_key`,
    [accountId, phones, emails],
  );
  return keys.map((k) => {
    for (const r of rows) {
      const match = matchOf(r.id, r.data, k);
      if (match) return match;
    }
    return null;
  });
}
