import type { RealtimePush } from '../../realtime/index';

/** A walk-in changed: every screen of the account refreshes its list, on every API process. */
export const walkInsPush: RealtimePush = ({ events, nsFor, track }) =>
  events.on('walkInsChanged', ({ accountId, id }) =>
    track(async () => {
      (await nsFor(accountId))?.emit('walkins_update', { id });
    }),
  );
