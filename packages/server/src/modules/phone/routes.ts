import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES, callLogEntrySchema, callLogPageSchema, callLogQuerySchema, errorSchema, PHONE_TOKEN_TTL_SECONDS, phoneTokenSchema, simulatorTokenInputSchema, type PhoneToken } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { badRequest } from '../../http/errors';
import { SIM_PREFIX } from '../../providers/carrier/local/voice/switch';
import { listCalls, setReviewed, workCount } from './service';

const tags = ['phone'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** The host the browser reached us by (without its port): the signalling server listens on the same host. */
function requestHost(req: FastifyRequest): string {
  const host = req.hostname || '127.0.0.1';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/** The phone's REST calls (spec 000 §7 "Phone", spec 001 §7 "Call log"). */
export async function phoneRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function tokenFor(req: FastifyRequest, identity: string): Promise<PhoneToken> {
    const token = await deps.carrier.accessToken(identity, PHONE_TOKEN_TTL_SECONDS);
    const signaling = deps.carrier.signaling();
    const chunderw = signaling ? `${requestHost(req)}:${signaling.port}` : null;
    return { token, identity, ttl: PHONE_TOKEN_TTL_SECONDS, chunderw, trustUrl: signaling ? `https://${chunderw}${signaling.trustPath}` : null };
  }

  r.post('/phone/token', { schema: { tags, description: "The browser phone's access token (ttl 36000 s; refreshed every 10 minutes).", response: { 200: phoneTokenSchema, ...errors } } }, async (req) =>
    tokenFor(req, auth(req).userId),
  );

  r.post(
    '/phone/simulator/token',
    {
      config: { roles: ADMIN_ROLES },
      schema: { tags, description: "A token that makes this browser a client's phone on the local carrier (owners and admins).", body: simulatorTokenInputSchema, response: { 200: phoneTokenSchema, ...errors } },
    },
    async (req) => {
      if (deps.carrier.kind !== 'local') throw badRequest('The carrier simulator works with the local carrier only');
      return tokenFor(req, `${SIM_PREFIX}+${req.body.phoneNumber}`);
    },
  );

  r.get('/phone/logs', { schema: { tags, description: 'The call log: All, Mine or Missed, paged, with contains filters.', querystring: callLogQuerySchema, response: { 200: callLogPageSchema, ...errors } } }, async (req) => {
    const { accountId, userId } = auth(req);
    return listCalls(db, accountId, userId, req.query);
  });

  r.get('/phone/logs/work-count', { schema: { tags, description: 'Missed calls nobody has reviewed (the Phone tab badge).', response: { 200: z.object({ count: z.number() }), ...errors } } }, async (req) => ({
    count: await workCount(db, auth(req).accountId),
  }));

  const idParams = z.object({ id: z.uuid({ error: 'Call not found' }) });
  for (const [method, reviewed] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/phone/logs/work/:id',
      { schema: { tags, description: reviewed ? 'Mark a call as reviewed.' : 'Unmark a reviewed call.', params: idParams, response: { 200: callLogEntrySchema, ...errors } } },
      async (req) => {
        const { accountId, userId } = auth(req);
        const entry = await setReviewed(db, accountId, userId, req.params.id, reviewed);
        deps.events.emit('callsChanged', { accountId });
        return entry;
      },
    );
  }
}
