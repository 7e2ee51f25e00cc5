import { normalizePhone, type ClientDuplicate } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import type { ClientData } from '../clientStore/mapping';
import { displayName } from '../clientStore/search';

/** Clients whose mobile phone, phone or email equals the given ones. */
export async function findDuplicates(
  q: Queryable,
  accountId: string,
  f: { mobilePhone?: string | null; email?: string | null; phone?: string | null; exclude?: string },
): Promise<ClientDuplicate[]> {
  const phones = [f.mobilePhone, f.phone]
    .filter((p): p is string => !!p)
    .map(normalizePhone)
    .filter((p) => p.length >= 11);
  const email = f.email?.trim().toLowerCase() || null;
  if (!phones.length && !email) return [];
  const rows = await q.query<{ id: string; data: ClientData }>(
    `select c.id, c.data from clients c
      where c.account_id = $1 and c.id <> coalesce($4::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        and c.id in (select client_id from client_terms
                      where account_id = $1 and ((kind in ('phone', 'mobile') and term = any($2::text[])) or (kind = 'email' and term = $3)))
      order by c.sort_key limit 20`,
    [accountId, phones, email, f.exclude ?? null],
  );
  const out: ClientDuplicate[] = [];
  for (const r of rows) {
    const d = r.data;
    const name = displayName(d);
    const coName = [d.coFirstName, d.coLastName].filter(Boolean).join(' ');
    const has = (keys: string[], values: Array<string | null>) => keys.some((k) => d[k] && values.includes(String(d[k])));
    if (has(['mobilePhone', 'phone'], phones)) out.push({ id: r.id, name, matchedOn: 'mobilePhone', level: 'primary' });
    else if (has(['coMobilePhone', 'coPhone'], phones)) out.push({ id: r.id, name: coName || name, matchedOn: 'mobilePhone', level: 'secondary' });
    else if (has(['email'], [email])) out.push({ id: r.id, name, matchedOn: 'email', level: 'primary' });
    else if (has(['coEmail'], [email])) out.push({ id: r.id, name: coName || name, matchedOn: 'email', level: 'secondary' });
  }
  return out;
}
