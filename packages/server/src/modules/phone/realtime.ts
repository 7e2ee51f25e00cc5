import type { AppDeps } from '../../app';
import type { RealtimePush, SocketFeature } from '../../realtime/index';
import { CONFERENCE_MESSAGES } from '@agency/contracts';
import { badRequest } from '../../http/errors';
import { callById, callInProgress, conferenceOf, removeParticipant } from './conferences';
import { listQueues } from './queues';
import { locationWorkCounts, workCount } from './service';

/** Calls moved on: every screen of the account gets the new work count, on every API process. */
export const phonePush: RealtimePush = ({ db, events, nsFor, track }) =>
  events.on('callsChanged', ({ accountId }) =>
    track(async () => {
      const ns = await nsFor(accountId);
      ns?.emit('phone_workCount', { count: await workCount(db, accountId) });
      ns?.emit('phone_location_workCount', { locations: await locationWorkCounts(db, accountId) });
    }),
  );

/** The sockets of browsers whose phone is on (phone_join): the call events go to them only. */
export const PHONE_ROOM = 'phone';

/** A recording started, paused or resumed: the person on that call sees it. */
export const recordingPush: RealtimePush = ({ events, nsFor, track }) =>
  events.on('callRecording', ({ accountId, callSid, status }) =>
    track(async () => {
      (await nsFor(accountId))?.to(PHONE_ROOM).emit('conference_recording', { callSid, status });
    }),
  );

/**
 * The work count as a socket connects; phone_join and phone_leave: the browser's phone is on or
 * off; conference_leave: the person leaves a conference (Leave Call), which goes on for the others.
 */
export const phoneSocket =
  (deps: AppDeps): SocketFeature =>
  (socket, { db }) => {
    const { accountId, userId } = socket.data.auth;
    void Promise.all([workCount(db, accountId), locationWorkCounts(db, accountId)])
      .then(([count, locations]) => {
        socket.emit('phone_workCount', { count });
        socket.emit('phone_location_workCount', { locations });
      })
      .catch((err) => console.error('phone connect', err));
    socket.on('phone_join', (ack) => {
      void socket.join(PHONE_ROOM);
      if (typeof ack === 'function') ack();
    });
    socket.on('phone_leave', () => void socket.leave(PHONE_ROOM));
    // Answered either way: a Leave Call that did not take the person off the call must say so.
    socket.on('conference_leave', async (event, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      try {
        const callSid = typeof event?.callSid === 'string' ? event.callSid.slice(0, 64) : '';
        if (!callSid) throw badRequest(CONFERENCE_MESSAGES.notInProgress);
        const call = await callInProgress(db, accountId, callSid);
        if (!call.conferenceName) throw badRequest(CONFERENCE_MESSAGES.notParticipant);
        await removeParticipant(deps, call, `client:${userId}`, true);
        answer({ ok: true, data: null });
      } catch (err) {
        answer({ ok: false, message: err instanceof Error ? err.message : String(err) });
      }
    });
  };

/** A conference changed: every screen of the account gets it (each call panel keeps its own). */
export const conferencePush: RealtimePush = ({ db, events, nsFor, track }) =>
  events.on('conferenceChanged', ({ accountId, callId }) =>
    track(async () => {
      const call = await callById(db, callId);
      if (call) (await nsFor(accountId))?.to(PHONE_ROOM).emit('conference_update', { conference: await conferenceOf(db, call) });
    }),
  );

/** Someone in a conference started or stopped talking: the call panels show who. */
export const speakingPush: RealtimePush = ({ events, nsFor, track }) =>
  events.on('conferenceSpeaking', ({ accountId, callId, label, speaking }) =>
    track(async () => {
      (await nsFor(accountId))?.to(PHONE_ROOM).emit('volume', { phoneId: callId, label, speaking });
    }),
  );

/** A caller joined, left or was taken from a queue: every screen of the account sees the queues as they are. */
export const queuesPush: RealtimePush = ({ db, events, nsFor, track }) =>
  events.on('queuesChanged', ({ accountId }) =>
    track(async () => {
      (await nsFor(accountId))?.emit('users_queue', { queues: await listQueues(db, accountId) });
    }),
  );
