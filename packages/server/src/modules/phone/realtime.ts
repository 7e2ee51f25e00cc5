import type { RealtimePush, SocketFeature } from '../../realtime/index';
import { listQueues } from './queues';
import { workCount } from './service';

/** Calls moved on: every screen of the account gets the new work count, on every API process. */
export const phonePush: RealtimePush = ({ db, events, nsFor, track }) =>
  events.on('callsChanged', ({ accountId }) =>
    track(async () => {
      (await nsFor(accountId))?.emit('phone_workCount', { count: await workCount(db, accountId) });
    }),
  );

/** A recording started, paused or resumed: the person on that call sees it. */
export const recordingPush: RealtimePush = ({ events, nsFor, track }) =>
  events.on('callRecording', ({ accountId, callSid, status }) =>
    track(async () => {
      (await nsFor(accountId))?.emit('conference_recording', { callSid, status });
    }),
  );

/** The work count as a socket connects. */
export const phoneSocketFeature: SocketFeature = (socket, { db }) => {
  void workCount(db, socket.data.auth.accountId)
    .then((count) => socket.emit('phone_workCount', { count }))
    .catch((err) => console.error('phone connect', err));
};

/** A caller joined, left or was taken from a queue: every screen of the account sees the queues as they are. */
export const queuesPush: RealtimePush = ({ db, events, nsFor, track }) =>
  events.on('queuesChanged', ({ accountId }) =>
    track(async () => {
      (await nsFor(accountId))?.emit('users_queue', { queues: await listQueues(db, accountId) });
    }),
  );
