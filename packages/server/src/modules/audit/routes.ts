import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  AUDIT_ACTIONS,
  AUDIT_CATEGORIES,
  AUDIT_CSV_HEADER,
  AUDIT_ROLES,
  auditActionsOf,
  auditPageQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  csvLine,
  errorSchema,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
  type AuditTarget,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { Params, iso } from '../../db/sql';
import { auditWho, recordAudit } from './trail';

interface AuditRow {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  acting_as_id: string | null;
  acting_as_name: string | null;
  action: AuditAction;
  target_type: AuditTarget | null;
  target_id: string | null;
  target_label: string | null;
  detail: string | null;
  ip: string | null;
}

const COLUMNS = 'id::text as id, at, actor_id, actor_name, acting_as_id, acting_as_name, action, target_type, target_id, target_label, detail, ip';

const toEvent = (r: AuditRow): AuditEvent => ({
  id: r.id,
  at: iso(r.at)!,
  action: r.action,
  actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? 'A former user' } : null,
  actingAs: r.acting_as_id ? { id: r.acting_as_id, name: r.acting_as_name ?? 'A former user' } : null,
  target: r.target_type ? { type: r.target_type, id: r.target_id, label: r.target_label ?? '' } : null,
  detail: r.detail,
  ip: r.ip,
});

/** Words match the record, the detail, the people and the address; % and _ are taken literally. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The where clause of the filters, for one account. */
function conditions(accountId: string, f: AuditQuery): { where: string; params: Params } {
  const p = new Params();
  const parts = [`account_id = ${p.add(accountId)}`];
  if (f.category) parts.push(`action = any(${p.add(auditActionsOf(f.category))}::text[])`);
  if (f.userId) {
    const id = p.add(f.userId);
    parts.push(`(actor_id = ${id}::uuid or acting_as_id = ${id}::uuid or (target_type = 'user' and target_id = ${id}::text))`);
  }
  if (f.from) parts.push(`at >= ${p.add(f.from)}::timestamptz`);
  if (f.to) parts.push(`at < ${p.add(f.to)}::timestamptz`);
  if (f.q) {
    const like = p.add(likePattern(f.q));
    parts.push(`concat_ws(' ', target_label, detail, actor_name, acting_as_name, ip) ilike ${like}`);
  }
  return { where: parts.join(' and '), params: p };
}

export async function auditPage(q: Queryable, accountId: string, f: AuditQuery & { page: number; pageSize: number }) {
  const { where, params } = conditions(accountId, f);
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from audit_events where ${where}`, params.values);
  const limit = params.add(f.pageSize);
  const offset = params.add((f.page - 1) * f.pageSize);
  const rows = await q.query<AuditRow>(
    `select ${COLUMNS} from audit_events where ${where} order by at desc, id desc limit ${limit} offset ${offset}`,
    params.values,
  );
  return { items: rows.map(toEvent), total };
}

const EXPORT_BATCH = 2000;

/** The whole filtered trail as CSV, newest first, read in batches by key. */
export async function auditCsv(q: Queryable, accountId: string, f: AuditQuery): Promise<{ csv: string; count: number }> {
  let out = csvLine([...AUDIT_CSV_HEADER]);
  let count = 0;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const { where, params } = conditions(accountId, f);
    const keyset = after ? ` and (at, id) < (${params.add(after.at)}::timestamptz, ${params.add(after.id)}::bigint)` : '';
    const rows: AuditRow[] = await q.query<AuditRow>(
      `select ${COLUMNS} from audit_events where ${where}${keyset} order by at desc, id desc limit ${params.add(EXPORT_BATCH)}`,
      params.values,
    );
    for (const r of rows) {
      const e = toEvent(r);
      const { label, category } = AUDIT_ACTIONS[e.action];
      out += csvLine([
        e.at,
        label,
        AUDIT_CATEGORIES[category],
        e.actor?.name ?? '',
        e.actingAs?.name ?? '',
        e.target?.type ?? '',
        e.target?.label ?? '',
        e.target?.id ?? '',
        e.detail ?? '',
        e.ip ?? '',
      ]);
    }
    count += rows.length;
    if (rows.length < EXPORT_BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { at: iso(last.at)!, id: last.id };
  }
  return { csv: out, count };
}

/** What the export's own record says about the filters it used. */
function describeFilters(f: AuditQuery): string {
  const parts: string[] = [];
  if (f.category) parts.push(`category ${AUDIT_CATEGORIES[f.category]}`);
  if (f.userId) parts.push(`person ${f.userId}`);
  if (f.from) parts.push(`from ${f.from}`);
  if (f.to) parts.push(`until ${f.to}`);
  if (f.q) parts.push(`words "${f.q}"`);
  return parts.length ? parts.join(', ') : 'no filters';
}

/** The audit trail of an account: owners (and super) read it, page by page, and export it. */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get(
    '/accounts/:accountId/audit',
    {
      config: { roles: AUDIT_ROLES },
      schema: {
        tags,
        description: "The account's audit trail, newest first, filtered and paged (owners).",
        params: accountParamsSchema,
        querystring: auditPageQuerySchema,
        response: { 200: auditPageSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => auditPage(db, req.params.accountId, req.query),
  );

  r.get(
    '/accounts/:accountId/audit/export',
    {
      config: { roles: AUDIT_ROLES },
      schema: {
        tags,
        description: 'The filtered audit trail as CSV (owners); the export itself is recorded.',
        params: accountParamsSchema,
        querystring: auditQuerySchema,
      },
    },
    async (req, reply) => {
      const { accountId } = req.params;
      const { csv } = await db.tx(async (q) => {
        const result = await auditCsv(q, accountId, req.query);
        await recordAudit(
          q,
          { ...auditWho(req), accountId },
          'auditExported',
          { type: 'audit', label: 'Audit log' },
          `${eventCount(result.count)}, ${describeFilters(req.query)}`,
        );
        return result;
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="audit-${day}.csv"`).send(csv);
    },
  );
}

const eventCount = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;
