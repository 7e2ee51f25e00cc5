import { randomUUID } from 'node:crypto';
import { fillTemplate, placeholderValues, type RenewalSource } from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { sendAutomatedText } from '../sms/outbound';
import { toDigits } from '../sms/service';
import { isoDay, VEHICLE_LINES } from './service';

/** Terms read at a time. */
const BATCH = 100;

/** The text's idempotency key: one per term, so the carrier gets one text whatever the restarts. */
export const renewalTextKey = (accountId: string, sourceKind: RenewalSource, sourceId: string, termEnd: string) =>
  `renewal:${accountId}:${sourceKind}:${sourceId}:${termEnd}`;

interface DueRow {
  account_id: string;
  client_id: string;
  source_kind: RenewalSource;
  source_id: string;
  term_end: string;
  term_end_us: string;
  data: Record<string, unknown>;
  client_data: Record<string, unknown>;
  template: string;
  agent_first: string | null;
  agent_last: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What ends, as the text names it: the policy's type, or the coverage's line. */
export function policyTypeOf(kind: RenewalSource, data: Record<string, unknown>): string {
  if (kind === 'policy') return str(data.type) || 'Policy';
  if (kind === 'vehicle') return `${VEHICLE_LINES[str(data.form) ?? ''] ?? 'Vehicle'} coverage`;
  return 'Home coverage';
}

async function addressOf(q: Queryable, accountId: string, clientId: string) {
  const [row] = await q.query<{ data: Record<string, string | null> }>(
    `select data from client_records where account_id = $1 and kind = 'address' and client_id = $2
      order by (data->>'type' = 'Physical') desc, created_at limit 1`,
    [accountId, clientId],
  );
  return row?.data ?? null;
}

export interface TextsResult {
  queued: number;
  skipped: number;
}

/**
 * The reminder texts of the day: for each account that turned them on, every term ending within its
 * text window (from today) whose renewal has no text yet and is neither renewed nor lost gets one
 * text to the client's mobile, from the account's team template, through the path campaigns take
 * (opt-outs and blocked numbers skipped with their reason, quiet hours held). The text's key is the
 * term's own: a run repeated after a restart finds the text stored and sends nothing more; the
 * renewal then records the text, or why it was skipped, and the term is not looked at again.
 */
export async function sendRenewalTexts(deps: AppDeps, now = new Date()): Promise<TextsResult> {
  const { db } = deps;
  const today = isoDay(now);
  const result: TextsResult = { queued: 0, skipped: 0 };
  let after = '';
  for (;;) {
    const rows = await db.query<DueRow>(
      `select r.account_id, r.client_id, r.renewal_kind as source_kind, r.id as source_id,
              to_char(r.renewal_end_on, 'YYYY-MM-DD') as term_end, to_char(r.renewal_end_on, 'MM/DD/YYYY') as term_end_us,
              r.data, c.data as client_data, t.template, ag.first_name as agent_first, ag.last_name as agent_last
         from renewal_settings s
         join message_templates t on t.id = s.text_template_id and t.account_id = s.account_id
         join client_records r on r.account_id = s.account_id and r.renewal_end_on is not null
          and r.renewal_end_on between $1::date and $1::date + s.text_days
         join clients c on c.id = r.client_id
         left join renewals rn on rn.account_id = r.account_id and rn.source_kind = r.renewal_kind and rn.source_id = r.id
          and rn.term_end = r.renewal_end_on
         left join lateral (
           select u.first_name, u.last_name from users u
            where u.account_id = r.account_id and u.deleted_at is null
              and u.id::text = coalesce(rn.owner_id::text,
                    case when r.kind = 'policy' then nullif(r.data->>'managedBy', '') end, nullif(c.data->>'managedBy', ''),
                    s.owner_user_id::text,
                    (select o.id::text from users o where o.account_id = r.account_id and o.role = 'owner' and o.deleted_at is null
                      order by o.created_at, o.id limit 1))
            limit 1) ag on true
        where s.text_enabled and (rn.id is null or (rn.text_at is null and rn.state not in ('renewed', 'lost')))
          and r.id::text > $2
        order by r.id
        limit ${BATCH}`,
      [today, after],
    );
    for (const t of rows) {
      const d = t.client_data;
      const values = {
        ...placeholderValues({
          firstName: str(d.firstName),
          preferredFirstName: str(d.preferredFirstName),
          lastName: str(d.lastName),
          phone: str(d.phone),
          mobilePhone: str(d.mobilePhone),
          address: await addressOf(db, t.account_id, t.client_id),
        }),
        policyType: policyTypeOf(t.source_kind, t.data),
        termDate: t.term_end_us,
        agent: [t.agent_first, t.agent_last].filter(Boolean).join(' '),
      };
      const mobile = toDigits(str(d.mobilePhone) ?? '');
      const sent = await sendAutomatedText(deps, {
        accountId: t.account_id,
        clientId: t.client_id,
        to: mobile.length === 10 ? `1${mobile}` : mobile,
        body: fillTemplate(t.template, values),
        kind: 'scheduled',
        idempotencyKey: renewalTextKey(t.account_id, t.source_kind, t.source_id, t.term_end),
        notBefore: now,
      });
      await db.query(
        `insert into renewals (id, account_id, client_id, source_kind, source_id, term_end, text_at, text_message_id, text_skip_reason)
         values ($1, $2, $3, $4, $5, $6::date, $7, $8, $9)
         on conflict (account_id, source_kind, source_id, term_end) do update
           set text_at = excluded.text_at, text_message_id = excluded.text_message_id, text_skip_reason = excluded.text_skip_reason
           where renewals.text_at is null`,
        [
          randomUUID(),
          t.account_id,
          t.client_id,
          t.source_kind,
          t.source_id,
          t.term_end,
          now.toISOString(),
          sent.status === 'queued' ? sent.messageId : null,
          sent.status === 'skipped' ? sent.reason : null,
        ],
      );
      if (sent.status === 'queued') result.queued++;
      else result.skipped++;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].source_id;
  }
  return result;
}
