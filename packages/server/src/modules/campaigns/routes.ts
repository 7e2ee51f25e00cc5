import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignAudienceQuerySchema, campaignInputSchema, campaignListQuerySchema, errorSchema, idSchema, type Campaign } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { sealerOf } from '../../sealing/crypto';
import { queueNextRun, runNow } from './runs';
import {
  accountTimezone,
  audience,
  campaignLogDetails,
  campaignLogs,
  campaignSummary,
  checkCampaign,
  findCampaignRow,
  getCampaign,
  insertCampaign,
  listCampaigns,
  nextRunFrom,
  updateCampaignRow,
  withdrawPendingTexts,
} from './service';

const tags = ['campaigns'];
const errors = { 400: errorSchema, 404: errorSchema };
const any = z.any();
const idParams = z.object({ id: idSchema });

/** Campaigns (spec 001 §7 "Campaigns"): the list, the wizard's saves, runs and their logs. */
export async function campaignRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, events } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (accountId: string, campaignId: string) => events.emit('campaignsChanged', { accountId, campaignId });

  r.get('/campaigns', { schema: { tags, querystring: campaignListQuerySchema, response: { 200: any } } }, async (req): Promise<Campaign[]> =>
    listCampaigns(db, auth(req).accountId, req.query),
  );

  r.get('/campaigns/summary', { schema: { tags, response: { 200: any } } }, async (req) => campaignSummary(db, auth(req).accountId));

  r.get('/campaigns/audience', { schema: { tags, querystring: campaignAudienceQuerySchema, response: { 200: any, ...errors } } }, async (req) =>
    audience(db, { accountId: auth(req).accountId, sealer: sealerOf(deps) }, req.query),
  );

  r.get('/campaigns/:id', { schema: { tags, params: idParams, response: { 200: any, ...errors } } }, async (req) =>
    getCampaign(db, auth(req).accountId, req.params.id),
  );

  r.post('/campaigns', { schema: { tags, body: campaignInputSchema, response: { 201: any, ...errors } } }, async (req, reply) => {
    const a = auth(req);
    const timezone = await accountTimezone(db, a.accountId);
    await checkCampaign(db, a.accountId, req.body, timezone);
    const next = nextRunFrom(req.body, timezone);
    const id = await db.tx((q) => insertCampaign(q, a, req.body, next));
    if (req.body.isActive) await queueNextRun(deps, a.accountId, id, next);
    changed(a.accountId, id);
    return reply.code(201).send(await getCampaign(db, a.accountId, id));
  });

  r.put('/campaigns/:id', { schema: { tags, params: idParams, body: campaignInputSchema, response: { 200: any, ...errors } } }, async (req) => {
    const a = auth(req);
    await findCampaignRow(db, a.accountId, req.params.id);
    const timezone = await accountTimezone(db, a.accountId);
    await checkCampaign(db, a.accountId, req.body, timezone);
    const next = nextRunFrom(req.body, timezone);
    await db.tx(async (q) => {
      const before = await findCampaignRow(q, a.accountId, req.params.id, true);
      await updateCampaignRow(q, a, req.params.id, req.body, next);
      if (before.is_active && !req.body.isActive) await withdrawPendingTexts(q, a.accountId, req.params.id);
    });
    if (req.body.isActive) await queueNextRun(deps, a.accountId, req.params.id, next);
    changed(a.accountId, req.params.id);
    return getCampaign(db, a.accountId, req.params.id);
  });

  r.delete('/campaigns/:id', { schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    const a = auth(req);
    await db.tx(async (q) => {
      await findCampaignRow(q, a.accountId, req.params.id, true);
      await withdrawPendingTexts(q, a.accountId, req.params.id);
      await q.query('delete from campaigns where id = $1 and account_id = $2', [req.params.id, a.accountId]);
    });
    changed(a.accountId, req.params.id);
    return reply.code(204).send(null);
  });

  r.post('/campaigns/:id/run', { schema: { tags, params: idParams, response: { 202: any, ...errors } } }, async (req, reply) => {
    const a = auth(req);
    const c = await findCampaignRow(db, a.accountId, req.params.id);
    if (!c.is_active) return reply.code(400).send({ message: 'Turn the campaign on to run it.' });
    const runId = await runNow(deps, a.accountId, c.id);
    changed(a.accountId, c.id);
    return reply.code(202).send({ runId });
  });

  r.get('/campaigns/:id/logs', { schema: { tags, params: idParams, response: { 200: any, ...errors } } }, async (req) =>
    campaignLogs(db, auth(req).accountId, req.params.id),
  );

  r.get(
    '/campaigns/:id/logs/:runDate',
    { schema: { tags, params: z.object({ id: idSchema, runDate: z.string().max(40) }), response: { 200: any, ...errors } } },
    async (req) => campaignLogDetails(db, auth(req).accountId, req.params.id, req.params.runDate),
  );
}
