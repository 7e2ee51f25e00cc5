import type { RealtimePush } from '../../realtime/index';

/** A campaign or one of its runs changed: open campaign lists refresh, on every API process. */
export const campaignsPush: RealtimePush = ({ events, nsFor, track }) =>
  events.on('campaignsChanged', ({ accountId, campaignId }) =>
    track(async () => {
      (await nsFor(accountId))?.emit('campaigns_update', { id: campaignId });
    }),
  );
