import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientCreateSchema,
  clientDeleteQuerySchema,
  clientDeleteResponseSchema,
  clientDuplicatesQuerySchema,
  clientDuplicatesResponseSchema,
  clientFullSchema,
  clientIdParamsSchema,
  clientInputSchema,
  clientLettersResponseSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  idSchema,
  clientRevealSchema,
  clientRoomSchema,
  clientSchema,
  CO_FIELDS,
  mergeParamsSchema,
  mergeRequestSchema,
  mergeResponseSchema,
  revealResponseSchema,
  SEALED_FIELD_LABELS,
  SEALED_PERSON_FIELDS,
  splitRequestSchema,
  splitResponseSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { addActivity } from './activity/service';
import { auditWho, recordAudit } from '../audit/trail';
import { actorName, contactAbout } from './context';
import { sealerOf } from '../../sealing/crypto';
import { findDuplicates } from './duplicates';
import { clientFull } from './full';
import { letterCounts, listClients } from './list';
import { sealedFieldBinding, toClient } from '../clientStore/mapping';
import { createClient, deleteClient, updateClient } from './service';
import { loadClient } from '../clientStore/store';
import { mergeClients, splitClient } from './splitMerge';
import { importExportRoutes } from './importExportRoutes';
import { displayName } from '../clientStore/search';

/** A secondary's field → the primary's (coSSN → ssn, coDlId → dlId). */
const PRIMARY_OF: Record<string, string> = Object.fromEntries(Object.entries(CO_FIELDS).map(([primary, co]) => [co, primary]));

const tags = ['clients'];

export async function clientRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sealer = () => sealerOf(deps);
  await importExportRoutes(app, deps);

  r.get('/clients', { schema: { tags, querystring: clientListQuerySchema, response: { 200: clientListResponseSchema } } }, async (req) =>
    listClients(db, auth(req), req.query, sealer()),
  );

  // A tag's members (listed with the tags in the API docs): the contact list filtered by the tag.
  r.get(
    '/tags/:id/assigned',
    {
      schema: {
        tags: ['tags'],
        params: z.object({ id: idSchema }),
        querystring: z.object({ after: z.string().max(500).optional(), limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: clientListResponseSchema },
      },
    },
    async (req) => listClients(db, auth(req), { tag: req.params.id, after: req.query.after, limit: req.query.limit }, sealer()),
  );

  r.get('/clients/letters', { schema: { tags, response: { 200: clientLettersResponseSchema } } }, async (req) => letterCounts(db, auth(req).accountId));

  r.get(
    '/clients/duplicates',
    { schema: { tags, querystring: clientDuplicatesQuerySchema, response: { 200: clientDuplicatesResponseSchema } } },
    async (req) => ({ matches: await findDuplicates(db, auth(req).accountId, req.query) }),
  );

  r.post('/clients', { schema: { tags, body: clientCreateSchema, response: { 201: clientSchema } } }, async (req, reply) => {
    const client = await db.tx((q) => createClient(q, auth(req), req.body, sealer()));
    deps.events.emit('clientsChanged', { accountId: auth(req).accountId, clientIds: [client.id] });
    return reply.code(201).send(client);
  });

  r.get('/clients/:id', { schema: { tags, params: clientIdParamsSchema, response: { 200: clientSchema } } }, async (req) =>
    toClient(await loadClient(db, auth(req).accountId, req.params.id), sealer()),
  );

  r.get('/clients/:id/full', { schema: { tags, params: clientIdParamsSchema, response: { 200: clientFullSchema } } }, async (req) =>
    clientFull(db, auth(req), req.params.id, sealer()),
  );

  r.put('/clients/:id', { schema: { tags, params: clientIdParamsSchema, body: clientInputSchema, response: { 200: clientSchema } } }, async (req) => {
    const client = await db.tx((q) => updateClient(q, auth(req).accountId, req.params.id, req.body, sealer()));
    deps.events.emit('clientsChanged', { accountId: auth(req).accountId, clientIds: [req.params.id] });
    return client;
  });

  r.delete(
    '/clients/:id',
    { schema: { tags, params: clientIdParamsSchema, querystring: clientDeleteQuerySchema, response: { 200: clientDeleteResponseSchema } } },
    async (req) => {
      const result = await db.tx(async (q) => {
        const about = contactAbout(await loadClient(q, auth(req).accountId, req.params.id));
        const deleted = await deleteClient(q, auth(req).accountId, req.params.id, req.query.level, sealer());
        await recordAudit(q, auditWho(req), 'contactDeleted', about, deleted.message);
        return deleted;
      });
      deps.events.emit('clientsChanged', { accountId: auth(req).accountId, clientIds: [req.params.id] });
      return result;
    },
  );

  r.post(
    '/clients/:id/reveal',
    { schema: { tags, params: clientIdParamsSchema, body: clientRevealSchema, response: { 200: revealResponseSchema } } },
    async (req) => {
      const a = auth(req);
      const who = await actorName(deps, req);
      return db.tx(async (q) => {
        const row = await loadClient(q, a.accountId, req.params.id);
        const { field } = req.body;
        const sealed = field === 'ssn' ? row.ssn_enc : field === 'coSSN' ? row.co_ssn_enc : (row.data?.[field] as string | undefined);
        const value = sealed ? sealer().open(sealed, sealedFieldBinding(row.id, field)) : null;
        if (value) {
          const primary = field === 'ssn' || (SEALED_PERSON_FIELDS as readonly string[]).includes(field);
          const whose = primary ? 'primary' : 'secondary';
          const base = primary ? field : PRIMARY_OF[field];
          const what = SEALED_FIELD_LABELS[base as keyof typeof SEALED_FIELD_LABELS];
          await addActivity(q, {
            accountId: a.accountId,
            clientId: row.id,
            userId: a.userId,
            type: 'system',
            note: `${who} revealed the ${what} of the ${whose}`,
          });
          await recordAudit(q, auditWho(req), 'fieldRevealed', contactAbout(row), `${what} of the ${whose}`);
        }
        return { value };
      });
    },
  );

  r.get('/clients/:id/rooms', { schema: { tags, params: clientIdParamsSchema, response: { 200: z.array(clientRoomSchema) } } }, async (req) => {
    const { accountId } = auth(req);
    await loadClient(db, accountId, req.params.id);
    const rows = await db.query<{ id: string; phone_number: string; client_id: string | null }>(
      'select id, phone_number, client_id from sms_rooms where client_id = $1 and account_id = $2 order by created_at',
      [req.params.id, accountId],
    );
    return rows.map((x) => ({ id: x.id, phoneNumber: x.phone_number, client: x.client_id }));
  });

  r.put(
    '/clients/:id/split',
    { schema: { tags, params: clientIdParamsSchema, body: splitRequestSchema, response: { 200: splitResponseSchema } } },
    async (req) => {
      const result = await db.tx((q) => splitClient(q, auth(req), req.params.id, req.body, sealer()));
      deps.events.emit('clientsChanged', { accountId: auth(req).accountId, clientIds: [req.params.id, result.newClient.id] });
      return result;
    },
  );

  r.put(
    '/clients/:id/mergeWith/:otherId',
    { schema: { tags, params: mergeParamsSchema, body: mergeRequestSchema, response: { 200: mergeResponseSchema } } },
    async (req) => {
      const newClient = await db.tx(async (q) => {
        const source = contactAbout(await loadClient(q, auth(req).accountId, req.params.id));
        const merged = await mergeClients(q, auth(req), req.params.id, req.params.otherId, req.body, sealer());
        await recordAudit(q, auditWho(req), 'contactsMerged', source, `Merged into ${displayName(merged) || 'a contact'} (${merged.id})`);
        return merged;
      });
      deps.events.emit('clientsChanged', { accountId: auth(req).accountId, clientIds: [req.params.id, req.params.otherId, newClient.id] });
      return { newClient };
    },
  );
}
