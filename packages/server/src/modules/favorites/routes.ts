import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoriteStateSchema, favoritesResponseSchema, idSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { forbidden } from '../../http/errors';
import { loadClient } from '../clientStore/store';

const userParams = z.object({ id: idSchema });
const params = z.object({ id: idSchema, clientId: idSchema });
const tags = ['favorites'];

/** A user's favorite clients: only the user themself reads or changes them. */
export async function favoriteRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const self = (req: { params: { id: string } } & Parameters<typeof auth>[0]) => {
    const a = auth(req);
    if (req.params.id !== a.userId) throw forbidden();
    return a;
  };

  r.get('/users/:id/favorites/client', { schema: { tags, params: userParams, response: { 200: favoritesResponseSchema } } }, async (req) => {
    const a = self(req);
    const rows = await db.query<{ client_id: string }>('select client_id from client_favorites where user_id = $1 and account_id = $2 order by created_at', [
      a.userId,
      a.accountId,
    ]);
    return { clientIds: rows.map((x) => x.client_id) };
  });

  r.get('/users/:id/favorites/client/:clientId', { schema: { tags, params, response: { 200: favoriteStateSchema } } }, async (req) => {
    const a = self(req);
    await loadClient(db, a.accountId, req.params.clientId);
    const [row] = await db.query('select 1 from client_favorites where user_id = $1 and client_id = $2', [a.userId, req.params.clientId]);
    return { clientId: req.params.clientId, isFavorite: !!row };
  });

  r.post('/users/:id/favorites/client/:clientId', { schema: { tags, params, response: { 200: favoriteStateSchema } } }, async (req) => {
    const a = self(req);
    await db.tx(async (q) => {
      await loadClient(q, a.accountId, req.params.clientId);
      await q.query('insert into client_favorites (user_id, client_id, account_id) values ($1, $2, $3) on conflict do nothing', [
        a.userId,
        req.params.clientId,
        a.accountId,
      ]);
    });
    return { clientId: req.params.clientId, isFavorite: true };
  });

  r.delete('/users/:id/favorites/client/:clientId', { schema: { tags, params, response: { 200: favoriteStateSchema } } }, async (req) => {
    const a = self(req);
    await loadClient(db, a.accountId, req.params.clientId);
    await db.query('delete from client_favorites where user_id = $1 and client_id = $2 and account_id = $3', [a.userId, req.params.clientId, a.accountId]);
    return { clientId: req.params.clientId, isFavorite: false };
  });
}
