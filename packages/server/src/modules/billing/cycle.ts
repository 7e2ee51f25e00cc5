import type { AppDeps } from '../../app';
import { isLocalBilling } from '../../providers/billing/create';

/** The longest the cycle sleeps between looks (a period end or a retry between two looks waits at most this). */
const MAX_SLEEP_MS = 6 * 3600_000;

/**
 * The local ledger's monthly close: at start (catching up on what a stopped server missed) and then
 * at the next period end or retry. Everything it does is keyed in the ledger (one invoice per period,
 * one charge per attempt), so two API processes running it at once bill once.
 */
export async function startBillingCycle(
  deps: Pick<AppDeps, 'billing' | 'db'>,
  log: (message: string, err?: unknown) => void = console.error,
): Promise<() => void> {
  const billing = deps.billing;
  if (!isLocalBilling(billing)) return () => undefined;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const nextWake = async (): Promise<number> => {
    const [row] = await deps.db.query<{ next: Date | null }>(
      `select least(
         (select min(current_period_start + interval '1 month') from billing_subscriptions where status = 'active'),
         (select min(next_payment_attempt) from billing_invoices where status = 'open')) as next`,
    );
    const next = row?.next ? new Date(row.next).getTime() - Date.now() : MAX_SLEEP_MS;
    return Math.min(MAX_SLEEP_MS, Math.max(1000, next));
  };
  const run = async () => {
    try {
      const done = await billing.runCycle();
      if (done.invoiced || done.retried) log(`billing: ${done.invoiced} invoices closed, ${done.retried} payments retried`);
    } catch (err) {
      log('billing: the monthly close failed', err);
    }
    if (stopped) return;
    const wait = await nextWake().catch(() => MAX_SLEEP_MS);
    if (!stopped) timer = setTimeout(() => void run(), wait).unref();
  };
  await run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
