import type { ServerConfig } from '../../config';
import type { Db } from '../../db/index';
import type { BillingProvider } from './index';
import { createLocalBilling, type LocalBilling } from './local/index';
import type { CountUsage } from './local/ledger';
import { createStripeBilling } from './stripe/index';

/** The provider BILLING names; the local one meters with `countUsage`. */
export function createBilling(
  config: Pick<ServerConfig, 'billing' | 'stripeSecretKey' | 'stripePublishableKey'>,
  db: Db,
  countUsage: CountUsage,
): BillingProvider | LocalBilling {
  if (config.billing === 'stripe') {
    if (!config.stripeSecretKey || !config.stripePublishableKey) throw new Error('BILLING=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
    return createStripeBilling(db, { secretKey: config.stripeSecretKey, publishableKey: config.stripePublishableKey });
  }
  return createLocalBilling(db, countUsage);
}

export const isLocalBilling = (b: BillingProvider): b is LocalBilling => b.kind === 'local';
