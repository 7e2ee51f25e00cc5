import { useCallback } from 'react';
import { accountsApi, billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { BillingPaymentMethod, Invoice, Subscription } from '@agency/contracts';
import { useLiveQuery, useObservable } from '@agency/ui';

export interface BillingState {
  accountId: string | null;
  subscription: Subscription | null;
  invoices: Invoice[] | null;
  methods: BillingPaymentMethod[] | null;
  error: string | null;
  reload: () => void;
  /** Payment methods changed: take the new list and refresh the account in the session (the setup checklist reads it). */
  methodsChanged: (methods: BillingPaymentMethod[]) => void;
  invoicePaid: (invoice: Invoice) => void;
}

/** The account's plan, invoices and payment methods, loaded together. */
export function useBilling(): BillingState {
  const accountId = useObservable(bus.session$)?.account.id ?? null;
  const query = useLiveQuery(
    accountId
      ? () =>
          Promise.all([billingApi.subscription(accountId), billingApi.invoices(accountId), billingApi.paymentMethods(accountId)]).then(
            ([subscription, invoices, methods]) => ({
              subscription,
              invoices,
              methods,
            }),
          )
      : null,
    null,
    accountId,
  );
  const { update, reload } = query;

  const methodsChanged = useCallback(
    (next: BillingPaymentMethod[]) => {
      const def = next.find((m) => m.isDefault) ?? null;
      update((b) => b && { ...b, methods: next, subscription: b.subscription && { ...b.subscription, default_payment_method: def } });
      if (!accountId) return;
      accountsApi
        .get(accountId)
        .then((account) => bus.updateSession({ account }))
        .catch(() => undefined);
    },
    [accountId, update],
  );

  const invoicePaid = useCallback((paid: Invoice) => update((b) => b && { ...b, invoices: b.invoices.map((i) => (i.id === paid.id ? paid : i)) }), [update]);

  return {
    accountId,
    subscription: query.data?.subscription ?? null,
    invoices: query.data?.invoices ?? null,
    methods: query.data?.methods ?? null,
    error: query.error ? `Unable to load billing: ${errorMessage(query.error)}` : null,
    reload,
    methodsChanged,
    invoicePaid,
  };
}
