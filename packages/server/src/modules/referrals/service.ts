import type { ClientLevel, ReferralAggregate, ReferralRow } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { displayName } from '../clientStore/search';

type ClientData = Record<string, unknown>;

interface ReferralDbRow {
  id: string;
  data: ClientData;
  ref_id: string | null;
  ref_data: ClientData | null;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** A client who came through a referral: a source, a referring contact or a referral date is written. */
const IS_REFERRAL = `(coalesce(c.data->>'affliateVia', '') <> '' or coalesce(c.data->>'affliateContact', '') <> '' or coalesce(c.data->>'aflliateOn', '') <> '')`;

/** The person of a contact who referred: the secondary's name when the referral names the secondary. */
export function referrerName(data: ClientData, level: ClientLevel): string {
  if (level === 'secondary') {
    const co = [text(data.coFirstName), text(data.coLastName)].filter(Boolean).join(' ');
    if (co) return co;
  }
  return displayName(data);
}

const toRow = (r: ReferralDbRow): ReferralRow => {
  const level: ClientLevel = r.data.affliateContactLevel === 'secondary' ? 'secondary' : 'primary';
  return {
    id: r.id,
    aflliateOn: text(r.data.aflliateOn),
    affliateVia: text(r.data.affliateVia),
    affliateContact: r.ref_id && r.ref_data ? { id: r.ref_id, name: referrerName(r.ref_data, level), level } : null,
    name: displayName(r.data),
  };
};

/** The account's referred clients, latest referral date first (undated last), one page (1-based). */
export async function listReferrals(q: Queryable, accountId: string, page: number, limit: number): Promise<ReferralRow[]> {
  const rows = await q.query<ReferralDbRow>(
    `select c.id, c.data, r.id as ref_id, r.data as ref_data
       from clients c
       left join clients r on r.account_id = c.account_id and r.id::text = c.data->>'affliateContact'
      where c.account_id = $1 and ${IS_REFERRAL}
      order by client_date(c.data->>'aflliateOn') desc nulls last, c.created_at desc, c.id
      limit $2 offset $3`,
    [accountId, limit, (page - 1) * limit],
  );
  return rows.map(toRow);
}

/** Referrals by source, all time and this month (the account's time zone), and the clients who referred the most. */
export async function referralAggregate(q: Queryable, accountId: string): Promise<ReferralAggregate> {
  const bySource = (thisMonth: boolean) =>
    q.query<{ label: string; count: number }>(
      `select coalesce(nullif(c.data->>'affliateVia', ''), 'Not specified') as label, count(*)::int as count
         from clients c join accounts a on a.id = c.account_id
        where c.account_id = $1 and ${IS_REFERRAL}
          ${thisMonth ? `and date_trunc('month', client_date(c.data->>'aflliateOn')) = date_trunc('month', (now() at time zone a.timezone)::date)` : ''}
        group by 1 order by count desc, label`,
      [accountId],
    );
  const [all, month, top] = await Promise.all([
    bySource(false),
    bySource(true),
    q.query<{ id: string; data: ClientData; count: number }>(
      `select r.id, r.data, count(*)::int as count
         from clients c join clients r on r.account_id = c.account_id and r.id::text = c.data->>'affliateContact'
        where c.account_id = $1
        group by r.id, r.data order by count desc, r.sort_key, r.id limit 10`,
      [accountId],
    ),
  ]);
  const series = (rows: { label: string; count: number }[]) => ({ labels: rows.map((r) => r.label), values: rows.map((r) => r.count) });
  return {
    allTime: series(all),
    thisMonth: series(month),
    topClients: top.map((r) => ({ client: { id: r.id, name: displayName(r.data) }, count: r.count })),
    asOf: new Date().toISOString(),
  };
}
