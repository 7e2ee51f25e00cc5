import type { AppDeps } from '../../app';
import { CLAIM_SECONDS, resumePending } from './outbound';
import { reconcileStatuses } from './webhooks';

export const SMS_SWEEP_JOB = 'sms.sweep';

/**
 * Every minute, every claim's life: texts whose job was lost are queued again, and texts whose
 * status callbacks were lost are settled by asking the carrier. A pg-boss schedule: one process
 * sweeps each time.
 */
export async function scheduleSmsSweep(deps: AppDeps): Promise<void> {
  await deps.jobs?.every(SMS_SWEEP_JOB, '* * * * *', async () => {
    await resumePending(deps, CLAIM_SECONDS);
    await reconcileStatuses(deps);
  });
}
