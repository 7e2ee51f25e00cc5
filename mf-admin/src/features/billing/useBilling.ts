import { useCallback, useEffect, useState } from 'react';
import { accountsApi, billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { BillingPaymentMethod, Invoice, Subscription } from '@agency/contracts';
import { useObservable } from '@agency/ui';

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
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [methods, setMethods] = useState<BillingPaymentMethod[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!accountId) return;
    let live = true;
    setError(null);
    Promise.all([billingApi.subscription(accountId), billingApi.invoices(accountId), billingApi.paymentMethods(accountId)])
      .then(([s, i, m]) => {
        if (!live) return;
        setSubscription(s);
        setInvoices(i);
        setMethods(m);
      })
      .catch((err) => live && setError(`Unable to load billing: ${errorMessage(err)}`));
    return () => {
      live = false;
    };
  }, [accountId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const methodsChanged = useCallback(
    (next: BillingPaymentMethod[]) => {
      setMethods(next);
      if (!accountId) return;
      const def = next.find((m) => m.isDefault) ?? null;
      setSubscription((s) => (s ? { ...s, default_payment_method: def } : s));
      accountsApi
        .get(accountId)
        .then((account) => bus.updateSession({ account }))
        .catch(() => undefined);
    },
    [accountId],
  );

  const invoicePaid = useCallback((paid: Invoice) => setInvoices((list) => list?.map((i) => (i.id === paid.id ? paid : i)) ?? list), []);

  return { accountId, subscription, invoices, methods, error, reload, methodsChanged, invoicePaid };
}
