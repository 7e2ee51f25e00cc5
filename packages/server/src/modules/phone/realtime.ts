import type { RealtimePush, SocketFeature } from '../../realtime/index';
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
