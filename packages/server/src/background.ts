import type { AppDeps } from './app';
import { startBillingCycle } from './modules/billing/cycle';
import { startCampaignWorker } from './modules/campaigns/runs';
import { scheduleChatUploadSweep } from './modules/chat/uploadSweep';
import { workReminders } from './modules/followups/reminders';
import { startCampaignReviews } from './modules/numbers/routes';
import { startPortProgress } from './modules/numbers/ports';
import { startQueueExpiry } from './modules/phone/queues';
import { scheduleRenewalsDaily } from './modules/renewals/schedule';
import { startRegistrationReviews } from './modules/registration/routes';
import { startSmsWorker } from './modules/sms/outbound';
import { scheduleSmsSweep } from './modules/sms/sweep';
import { startTaskBoardTicker } from './modules/taskboards/ticker';

/** What a piece of background work leaves to stop at shutdown, if anything. */
type Stop = () => void | Promise<void>;

/**
 * Everything the API does besides answering requests: the job workers, the scheduled sweeps
 * (pg-boss schedules, so one process runs each) and the clocks. One list, started once per process
 * from main.ts (and by the test server when it runs jobs), never by registering routes.
 */
export const BACKGROUND: Array<{ name: string; start(deps: AppDeps): Promise<Stop | void> | Stop | void }> = [
  { name: 'texts sent through the carrier', start: startSmsWorker },
  { name: 'texts whose job or status was lost', start: scheduleSmsSweep },
  { name: 'follow-up reminders', start: (deps) => (deps.jobs ? workReminders(deps.db, deps.events, deps.jobs) : undefined) },
  { name: 'campaign runs', start: startCampaignWorker },
  { name: 'registration reviews', start: startRegistrationReviews },
  { name: 'message campaign reviews', start: startCampaignReviews },
  { name: 'call queue expiry', start: startQueueExpiry },
  { name: 'number ports', start: startPortProgress },
  { name: 'chat uploads never sent', start: scheduleChatUploadSweep },
  { name: 'task board clock', start: (deps) => startTaskBoardTicker(deps.db) },
  { name: 'monthly billing close', start: (deps) => startBillingCycle(deps) },
  { name: 'renewals that start each day', start: scheduleRenewalsDaily },
];

/** Starts the list in order; answers what stops it again. */
export async function startBackground(deps: AppDeps): Promise<() => Promise<void>> {
  const stops: Stop[] = [];
  for (const work of BACKGROUND) {
    const stop = await work.start(deps);
    if (stop) stops.push(stop);
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
