import { toUsDate, type RenewalSource, type RenewalState } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { kindOf } from '../clients/records/kinds';
import { insertRecord, mergeRecord, newRecordId } from '../clients/records/service';
import { updateRenewal } from './service';

const DEMO = '00000000-0000-4000-8000-000000000001';
const OWNER = { id: '00000000-0000-4000-9000-000000000001', name: 'Olivia Owens' };
const EMPLOYEE = { id: '00000000-0000-4000-9000-000000000003', name: 'Emma Ellis' };
const DAY_MS = 86_400_000;

/** The seed writes no sealed fields: what it stores is stored as given. */
const plain = { seal: (v: string) => v, open: (v: string) => v, stale: () => false };

const inDays = (n: number, from: Date) => toUsDate(new Date(from.getTime() + n * DAY_MS).toISOString().slice(0, 10))!;

interface DemoRenewal {
  client: string;
  kind: 'policy' | 'quote';
  fields: (from: Date) => Record<string, unknown>;
  state: RenewalState;
  by?: typeof OWNER;
  reason?: string;
  /** Days from the seed to the new term's end, for renewed. */
  renewedTo?: number;
  ends: number;
}

/**
 * Terms of the demo households ending in the weeks after the day the agency is seeded, one in each
 * renewal state (and one not started beyond the default 60-day start). Companies are among those the
 * demo records already use, so tags written against the demo data keep their members.
 */
const RENEWALS: DemoRenewal[] = [
  {
    client: 'Robert',
    kind: 'policy',
    ends: 12,
    state: 'notStarted',
    fields: (d) => ({
      type: 'Workers Comp',
      company: 'Progressive',
      idNumber: 'PG-WC-1207',
      effectiveDate: inDays(12 - 365, d),
      termDate: inDays(12, d),
      premium: 38_000,
    }),
  },
  {
    client: 'Maria',
    kind: 'policy',
    ends: 21,
    state: 'contacted',
    by: EMPLOYEE,
    fields: (d) => ({ type: 'Renters', company: 'State Farm', idNumber: 'SF-7781', termDate: inDays(21, d), premium: 18_500, managedBy: EMPLOYEE.id }),
  },
  {
    client: 'Maria',
    kind: 'policy',
    ends: 16,
    state: 'lost',
    by: EMPLOYEE,
    reason: 'Moved to a cheaper carrier',
    fields: (d) => ({ type: 'Auto', company: 'Allstate', idNumber: 'AL-55102', termDate: inDays(16, d), premium: 131_000, managedBy: EMPLOYEE.id }),
  },
  {
    client: 'Robert',
    kind: 'policy',
    ends: 30,
    state: 'quoted',
    fields: (d) => ({ type: 'Commercial Auto', company: 'Progressive', idNumber: 'PG-CA-3301', termDate: inDays(30, d), premium: 264_000 }),
  },
  {
    client: 'Robert',
    kind: 'policy',
    ends: 9,
    state: 'renewed',
    renewedTo: 9 + 365,
    fields: (d) => ({ type: 'General Liability', company: 'Allstate', idNumber: 'AL-GL-0420', termDate: inDays(9, d), premium: 96_000 }),
  },
  {
    client: 'Robert',
    kind: 'quote',
    ends: 75,
    state: 'notStarted',
    fields: (d) => ({
      form: 'auto',
      type: 'truck',
      year: 2020,
      make: 'Ford',
      model: 'Transit',
      carrier: 'State Farm',
      expirationDate: inDays(75, d),
      premium: 112_000,
    }),
  },
];

async function demoClient(q: Queryable, firstName: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(`select id from clients where account_id = $1 and data->>'firstName' = $2 order by created_at limit 1`, [
    DEMO,
    firstName,
  ]);
  return row?.id ?? null;
}

/** The demo agency's renewals, dated from `from` (the day it is seeded). */
export async function seedDemoRenewals(db: Db, from = new Date()): Promise<void> {
  await db.tx(async (q) => {
    for (const r of RENEWALS) {
      const clientId = await demoClient(q, r.client);
      if (!clientId) continue;
      const k = kindOf(r.kind);
      const value = mergeRecord(k, plain, { id: newRecordId(), data: {}, secret: null }, k.create.parse(r.fields(from)) as Record<string, unknown>);
      await insertRecord(q, k, DEMO, clientId, OWNER.id, value);
      if (r.state === 'notStarted') continue;
      const by = r.by ?? OWNER;
      const sourceKind: RenewalSource = r.kind === 'policy' ? 'policy' : 'vehicle';
      const termEnd = inDays(r.ends, from);
      // The way there: contacted before quoted, and before the outcome.
      const steps: RenewalState[] = r.state === 'contacted' ? ['contacted'] : r.state === 'quoted' ? ['contacted', 'quoted'] : ['contacted', 'quoted', r.state];
      for (const state of steps) {
        await updateRenewal(q, { accountId: DEMO, userId: by.id, name: by.name }, sourceKind, value.id, {
          termEnd,
          state,
          ...(state === 'lost' ? { reason: r.reason } : {}),
          ...(state === 'renewed' ? { newTermDate: inDays(r.renewedTo ?? r.ends + 365, from) } : {}),
        });
      }
    }
  });
}
