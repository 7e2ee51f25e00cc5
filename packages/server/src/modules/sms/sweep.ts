import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { CLAIM_SECONDS, resumePending } from './outbound';
import { reconcileStatuses } from './webhooks';

/**
 * While the app runs, every claim's life: texts whose job was lost are queued again, and texts
 * whose status callbacks were lost are settled by asking the carrier.
 */
export function startSmsSweep(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.jobs) return;
  let running = false;
  const sweep = setInterval(() => {
    if (running) return;
    running = true;
    resumePending(deps, CLAIM_SECONDS)
      .then(() => reconcileStatuses(deps))
      .catch((err: unknown) => console.error('sms sweep:', err))
      .finally(() => {
        running = false;
      });
  }, CLAIM_SECONDS * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
