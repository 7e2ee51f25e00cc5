import type { AppDeps } from '../../app';
import { publishAll } from '../taskboards/listeners';
import { runRenewalsDaily } from './daily';
import { sendRenewalTexts } from './texts';

export const RENEWALS_DAILY_JOB = 'renewals.daily';
/** Every day at 06:00 (UTC), as a pg-boss schedule: one process runs it each day. */
export const RENEWALS_DAILY_CRON = '0 6 * * *';

/** The daily run, as a pg-boss schedule (once across every process); boards on screen hear of the cards; then the day's reminder texts. */
export async function scheduleRenewalsDaily(deps: AppDeps): Promise<void> {
  await deps.jobs?.every(RENEWALS_DAILY_JOB, RENEWALS_DAILY_CRON, async () => {
    const done = await runRenewalsDaily(deps.db);
    for (const [accountId, events] of done.events) publishAll(deps.db, accountId, events);
    await sendRenewalTexts(deps);
  });
}
