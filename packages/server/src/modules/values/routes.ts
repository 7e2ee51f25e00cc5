import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  messageSchema,
  optionValueSchema,
  valueCreateSchema,
  valueGroupSchema,
  valueKeySchema,
  valueListQuerySchema,
  valueReplaceSchema,
  type OptionValue,
  type ValueGroup,
  ADMIN_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { auth } from '../../http/context';
import { conflict, notFound } from '../../http/errors';

interface ValueRow {
  id: string;
  key: string;
  value: string;
  position: number;
}
const toValue = (r: ValueRow): OptionValue => ({ id: r.id, key: r.key, value: r.value, position: r.position });

async function groups(q: Queryable, accountId: string, key?: string): Promise<ValueGroup[]> {
  const rows = await q.query<ValueRow>(
    `select id, key, value, position from option_values where account_id = $1 and ($2::text is null or key = $2) order by key, position, lower(value)`,
    [accountId, key ?? null],
  );
  const out = new Map<string, ValueGroup>();
  if (key) out.set(key, { key, values: [] });
  for (const r of rows) {
    if (!out.has(r.key)) out.set(r.key, { key: r.key, values: [] });
    out.get(r.key)!.values.push(toValue(r));
  }
  return [...out.values()];
}

const tags = ['values'];
const keyParams = z.object({ key: valueKeySchema });

/** Smart option values: choosing a new option in a form creates it. */
export async function valueRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/values', { schema: { tags, querystring: valueListQuerySchema, response: { 200: z.array(valueGroupSchema) } } }, async (req) =>
    groups(db, auth(req).accountId, req.query.key),
  );

  r.post('/values/:key', { schema: { tags, params: keyParams, body: valueCreateSchema, response: { 200: optionValueSchema } } }, async (req) => {
    const { accountId } = auth(req);
    return db.tx(async (q) => {
      const [existing] = await q.query<ValueRow>(
        'select id, key, value, position from option_values where account_id = $1 and key = $2 and lower(value) = lower($3)',
        [accountId, req.params.key, req.body.value],
      );
      if (existing) return toValue(existing);
      const [row] = await q.query<ValueRow>(
        `insert into option_values (id, account_id, key, value, position)
         values ($1, $2, $3, $4, (select coalesce(max(position), -1) + 1 from option_values where account_id = $2 and key = $3))
         returning id, key, value, position`,
        [randomUUID(), accountId, req.params.key, req.body.value],
      );
      return toValue(row);
    });
  });

  r.post(
    '/values/:key/___replace___',
    { config: { roles: ADMIN_ROLES }, schema: { tags, params: keyParams, body: valueReplaceSchema, response: { 200: valueGroupSchema } } },
    async (req) => {
      const { accountId } = auth(req);
      const { key } = req.params;
      const names = req.body.values.map((v) => (v.newValue ?? v.value).toLowerCase());
      if (new Set(names).size !== names.length) throw conflict('Values in a group must be different');
      return db.tx(async (q) => {
        const keep = req.body.values.filter((v) => v.id).map((v) => v.id!);
        await q.query('delete from option_values where account_id = $1 and key = $2 and not (id = any($3::uuid[]))', [accountId, key, keep]);
        // park positions and names first so the unique index does not trip on a reorder or a swap
        await q.query(`update option_values set position = -1 - position, value = id::text where account_id = $1 and key = $2`, [accountId, key]);
        for (const [i, v] of req.body.values.entries()) {
          const text = v.newValue ?? v.value;
          if (v.id) {
            const rows = await q.query('update option_values set value = $4, position = $5 where id = $1 and account_id = $2 and key = $3 returning id', [
              v.id,
              accountId,
              key,
              text,
              i,
            ]);
            if (!rows.length) throw notFound('Value not found');
          } else {
            await q.query('insert into option_values (id, account_id, key, value, position) values ($1, $2, $3, $4, $5)', [
              randomUUID(),
              accountId,
              key,
              text,
              i,
            ]);
          }
        }
        return (await groups(q, accountId, key))[0];
      });
    },
  );

  r.delete(
    '/values/:id',
    { config: { roles: ADMIN_ROLES }, schema: { tags, params: z.object({ id: idSchema }), response: { 200: messageSchema } } },
    async (req) => {
      const rows = await db.query('delete from option_values where id = $1 and account_id = $2 returning id', [req.params.id, auth(req).accountId]);
      if (!rows.length) throw notFound('Value not found');
      return { message: 'Value Deleted' };
    },
  );
}
