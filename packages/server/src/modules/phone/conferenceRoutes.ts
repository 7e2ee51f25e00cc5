import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONFERENCE_MESSAGES,
  conferenceAddInputSchema,
  conferenceHoldInputSchema,
  conferenceParticipantInputSchema,
  conferenceSchema,
  errorSchema,
  messageSchema,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { auth } from '../../http/context';
import { forbidden } from '../../http/errors';
import {
  addParticipant,
  callInProgress,
  callOfUser,
  conferenceOf,
  convert,
  holdCall,
  isColleague,
  removeParticipant,
  updateParticipant,
  type ConferenceCall,
} from './conferences';

const tags = ['phone'];
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };
/** A call by its id in the call log or the sid of one of its legs (the browser knows its own). */
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Conference calls (spec 000 §7 "Phone"): convert, add, participants, hold, remove. */
export async function conferenceRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The call in progress, for someone on it (or, to coach, anyone of the account). */
  async function onCall(accountId: string, userId: string, id: string, coaching = false): Promise<ConferenceCall> {
    const call = await callInProgress(db, accountId, id);
    if (coaching || call.userId === userId) return call;
    const [member] = await db.query("select 1 from call_participants where call_id = $1 and user_id = $2 and status <> 'left'", [call.id, userId]);
    if (!member) throw forbidden('You are not on this call');
    return call;
  }

  r.post(
    '/phone/conference/:id/convert',
    {
      schema: {
        tags,
        description: 'Makes a two-party call in progress a conference (the person on it hosts it).',
        params: idParams,
        response: { 200: conferenceSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const call = await convert(deps, await onCall(accountId, userId, req.params.id));
      return conferenceOf(db, call);
    },
  );

  r.post(
    '/phone/conference/:id/add',
    {
      schema: {
        tags,
        description:
          'Calls a colleague (user id) or a number (11 digits) into the call, converting it to a conference first. With coach, the person asking joins as a coach, heard only by the person on the call (the id may then be the user id of that colleague).',
        params: idParams,
        body: conferenceAddInputSchema,
        response: { 200: conferenceSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const coach = req.body.coach === true;
      // To coach, the id may name the colleague: the call they are on.
      const call =
        coach && (await isColleague(db, accountId, req.params.id))
          ? await callOfUser(db, accountId, req.params.id)
          : await onCall(accountId, userId, req.params.id, coach);
      await addParticipant(deps, call, coach ? userId : req.body.to, coach);
      return conferenceOf(db, await callInProgress(db, accountId, call.id));
    },
  );

  r.get(
    '/phone/conference/:id/participants',
    { schema: { tags, description: "The call's conference and its participants.", params: idParams, response: { 200: conferenceSchema, ...errors } } },
    async (req) => {
      const { accountId, userId } = auth(req);
      return conferenceOf(db, await onCall(accountId, userId, req.params.id));
    },
  );

  r.put(
    '/phone/conference/:id/participants/:label',
    {
      schema: {
        tags,
        description: 'Holds, resumes, mutes or unmutes one participant (client:{userId} for staff, else the number).',
        params: idParams.extend({ label: z.string().min(1).max(80) }),
        body: conferenceParticipantInputSchema,
        response: { 200: conferenceSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const call = await onCall(accountId, userId, req.params.id);
      await updateParticipant(deps, call, req.params.label, req.body);
      return conferenceOf(db, call);
    },
  );

  r.delete(
    '/phone/conference/:id/participants/:label',
    {
      schema: {
        tags,
        description: 'Takes a participant off the call (or stops ringing them).',
        params: idParams.extend({ label: z.string().min(1).max(80) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const call = await onCall(accountId, userId, req.params.id);
      await removeParticipant(deps, call, req.params.label);
      return { message: CONFERENCE_MESSAGES.removed };
    },
  );

  r.put(
    '/phone/conference/:id/participants',
    {
      schema: {
        tags,
        description: 'Holds (or resumes) the call: everyone on it but the person asking hears hold music. A two-party call becomes a conference to be held.',
        params: idParams,
        body: conferenceHoldInputSchema,
        response: { 200: conferenceSchema, ...errors },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const call = await holdCall(deps, await onCall(accountId, userId, req.params.id), userId, req.body.onHold);
      return conferenceOf(db, call);
    },
  );
}
