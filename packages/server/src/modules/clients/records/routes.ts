import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dependentRevealSchema,
  idSchema,
  messageSchema,
  paymentMethodRevealSchema,
  quoteListQuerySchema,
  revealResponseSchema,
  SEALED_FIELD_LABELS,
} from '@agency/contracts';
import type { AppDeps } from '../../../app';
import { auth } from '../../../http/context';
import { addActivity } from '../activity/service';
import { auditWho, recordAudit } from '../../audit/trail';
import { actorName, contactAbout } from '../context';
import { sealerOf } from '../../../sealing/crypto';
import { loadClient } from '../../clientStore/store';
import { kindOf, RECORD_KINDS } from './kinds';
import { checkRecordRules, findRecord, insertRecord, listRecords, mergeRecord, newRecordId, openSecrets, toRecord, updateRecord } from './service';

const clientParams = z.object({ id: idSchema });
const recordParams = z.object({ id: idSchema, recordId: idSchema });

/**
 * /clients/{id}/{addresses|dependents|policies|quotes|paymentMethods|misc|links}[/{recordId}]:
 * list, get, create (201), update, delete; plus the reveal of a dependent's SSN and of a payment
 * method's numbers.
 */
export async function clientRecordRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const k of RECORD_KINDS) {
    const base = `/clients/:id/${k.segment}`;
    const tags = [k.segment];
    const output = k.output;

    r.get(
      base,
      {
        schema: { tags, params: clientParams, querystring: k.kind === 'quote' ? quoteListQuerySchema : z.object({}), response: { 200: z.array(output) } },
      },
      async (req) => {
        const { accountId } = auth(req);
        await loadClient(db, accountId, req.params.id);
        const form = (req.query as { form?: string }).form;
        const rows = form
          ? await listRecords(db, k, accountId, req.params.id, `and r.data->>'form' = $4`, [form])
          : await listRecords(db, k, accountId, req.params.id);
        return rows.map((row) => toRecord(k, row, sealerOf(deps)));
      },
    );

    r.get(`${base}/:recordId`, { schema: { tags, params: recordParams, response: { 200: output } } }, async (req) => {
      const { accountId } = auth(req);
      await loadClient(db, accountId, req.params.id);
      return toRecord(k, await findRecord(db, k, accountId, req.params.id, req.params.recordId), sealerOf(deps));
    });

    r.post(base, { schema: { tags, params: clientParams, body: k.create, response: { 201: output } } }, async (req, reply) => {
      const a = auth(req);
      const row = await db.tx(async (q) => {
        await loadClient(q, a.accountId, req.params.id);
        const input = await checkRecordRules(q, k, { accountId: a.accountId, clientId: req.params.id }, {}, req.body as Record<string, unknown>);
        return insertRecord(q, k, a.accountId, req.params.id, a.userId, mergeRecord(k, sealerOf(deps), { id: newRecordId(), data: {}, secret: null }, input));
      });
      return reply.code(201).send(toRecord(k, row, sealerOf(deps)));
    });

    r.put(`${base}/:recordId`, { schema: { tags, params: recordParams, body: k.update, response: { 200: output } } }, async (req) => {
      const a = auth(req);
      const row = await db.tx(async (q) => {
        await loadClient(q, a.accountId, req.params.id);
        const before = await findRecord(q, k, a.accountId, req.params.id, req.params.recordId, true);
        const input = await checkRecordRules(q, k, { accountId: a.accountId, clientId: req.params.id }, before.data, req.body as Record<string, unknown>);
        // quotes are sent whole (PUT replaces the record); the others take any subset of fields
        return updateRecord(q, before, mergeRecord(k, sealerOf(deps), before, input, k.kind === 'quote'));
      });
      return toRecord(k, row, sealerOf(deps));
    });

    r.delete(`${base}/:recordId`, { schema: { tags, params: recordParams, response: { 200: messageSchema } } }, async (req) => {
      const a = auth(req);
      await db.tx(async (q) => {
        const client = await loadClient(q, a.accountId, req.params.id);
        await findRecord(q, k, a.accountId, req.params.id, req.params.recordId, true);
        if (k.kind === 'paymentMethod') {
          // policies paid with it fall back to no payment method
          await q.query(`update client_records set data = data - 'paymentMethod' where client_id = $1 and kind = 'policy' and data->>'paymentMethod' = $2`, [
            req.params.id,
            req.params.recordId,
          ]);
        }
        await q.query('delete from client_records where id = $1', [req.params.recordId]);
        await recordAudit(q, auditWho(req), 'contactRecordDeleted', contactAbout(client), `${k.label} ${req.params.recordId}`);
      });
      return { message: `${k.label} removed` };
    });
  }

  const dependents = kindOf('dependent');
  r.post(
    '/clients/:id/dependents/:recordId/reveal',
    { schema: { tags: ['dependents'], params: recordParams, body: dependentRevealSchema, response: { 200: revealResponseSchema } } },
    async (req) => {
      const a = auth(req);
      const who = await actorName(deps, req);
      return db.tx(async (q) => {
        const client = await loadClient(q, a.accountId, req.params.id);
        const row = await findRecord(q, dependents, a.accountId, req.params.id, req.params.recordId);
        const field = req.body?.field ?? 'ssn';
        const value = openSecrets(sealerOf(deps), row)[field] ?? null;
        if (value) {
          const name = [row.data.firstName, row.data.lastName].filter(Boolean).join(' ') || 'a dependent';
          const what = SEALED_FIELD_LABELS[field];
          await addActivity(q, {
            accountId: a.accountId,
            clientId: req.params.id,
            userId: a.userId,
            type: 'system',
            note: `${who} revealed the ${what} of dependent ${name}`,
          });
          await recordAudit(q, auditWho(req), 'fieldRevealed', contactAbout(client), `${what} of dependent ${name}`);
        }
        return { value };
      });
    },
  );

  const payments = kindOf('paymentMethod');
  r.post(
    '/clients/:id/paymentMethods/:recordId/reveal',
    { schema: { tags: ['paymentMethods'], params: recordParams, response: { 200: paymentMethodRevealSchema } } },
    async (req) => {
      const a = auth(req);
      const who = await actorName(deps, req);
      return db.tx(async (q) => {
        const client = await loadClient(q, a.accountId, req.params.id);
        const row = await findRecord(q, payments, a.accountId, req.params.id, req.params.recordId);
        const secrets = openSecrets(sealerOf(deps), row);
        const label = `${row.data.type ?? 'payment method'}${row.data.accountLast4 ? ` ending ${row.data.accountLast4}` : ''}`;
        await addActivity(q, {
          accountId: a.accountId,
          clientId: req.params.id,
          userId: a.userId,
          type: 'system',
          note: `${who} revealed the numbers of the ${label}`,
        });
        await recordAudit(q, auditWho(req), 'fieldRevealed', contactAbout(client), `Numbers of the ${label}`);
        return { routing: secrets.routing ?? null, account: secrets.account ?? null };
      });
    },
  );
}
