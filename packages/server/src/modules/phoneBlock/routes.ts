import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedListQuerySchema,
  blockedNumberInputSchema,
  blockedNumberSchema,
  idSchema,
  messageSchema,
  type BlockedNumber,
  ADMIN_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import type { Queryable } from '../../db/index';
import { auth } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { iso } from '../../db/sql';

interface BlockedRow {
  id: string;
  phone_number: string;
  reason: string;
  added_by: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  created_at: Date | string;
}
const SELECT = `select b.id, b.phone_number, b.reason, b.added_by, u.first_name, u.last_name, u.avatar, b.created_at
  from blocked_numbers b left join users u on u.id = b.added_by`;
const toBlocked = (r: BlockedRow): BlockedNumber => ({
  id: r.id,
  phoneNumber: r.phone_number,
  reason: r.reason,
  addedBy: r.added_by && r.first_name !== null ? { id: r.added_by, firstName: r.first_name, lastName: r.last_name ?? '', avatar: r.avatar } : null,
  createdAt: iso(r.created_at)!,
});

/** Whether calls and texts from a number are refused (for the phone and messages areas). */
export async function isBlocked(q: Queryable, accountId: string, phoneNumber: string): Promise<boolean> {
  const [row] = await q.query('select 1 from blocked_numbers where account_id = $1 and phone_number = $2', [accountId, phoneNumber.replace(/\D/g, '')]);
  return !!row;
}

const tags = ['phone'];

/** Blocked numbers: any staff member may block a number; removing a block is for admins. */
export async function phoneBlockRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/phone/block', { schema: { tags, querystring: blockedListQuerySchema, response: { 200: z.array(blockedNumberSchema) } } }, async (req) => {
    const rows = await db.query<BlockedRow>(`${SELECT} where b.account_id = $1 order by b.created_at ${req.query.sort === 'createdAt' ? 'asc' : 'desc'}`, [
      auth(req).accountId,
    ]);
    return rows.map(toBlocked);
  });

  r.post('/phone/block', { schema: { tags, body: blockedNumberInputSchema, response: { 201: blockedNumberSchema } } }, async (req, reply) => {
    const a = auth(req);
    const id = randomUUID();
    const rows = await db.query(
      `insert into blocked_numbers (id, account_id, phone_number, reason, added_by) values ($1, $2, $3, $4, $5)
       on conflict (account_id, phone_number) do nothing returning id`,
      [id, a.accountId, req.body.phoneNumber, req.body.reason, a.userId],
    );
    if (!rows.length) throw conflict('This number is already blocked');
    const [row] = await db.query<BlockedRow>(`${SELECT} where b.id = $1`, [id]);
    return reply.code(201).send(toBlocked(row));
  });

  r.delete(
    '/phone/block/:id',
    { config: { roles: ADMIN_ROLES }, schema: { tags, params: z.object({ id: idSchema }), response: { 200: messageSchema } } },
    async (req) => {
      const rows = await db.query('delete from blocked_numbers where id = $1 and account_id = $2 returning id', [req.params.id, auth(req).accountId]);
      if (!rows.length) throw notFound('Blocked number not found');
      return { message: 'Number unblocked' };
    },
  );
}
