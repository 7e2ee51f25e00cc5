import { useState } from 'react';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { billingApi } from '@agency/api-client';
import { RetryAlert } from '@agency/ui';
import { InvoicesTab } from './InvoicesTab';
import { PaymentMethodDialog } from './PaymentMethodDialog';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import { PlanTab } from './PlanTab';
import { useBilling } from './useBilling';

const TABS = ['plan', 'invoices', 'payment-methods'] as const;
type BillingTab = (typeof TABS)[number];

/** /account/info/billing: Plan, Invoices (opened first) and Payment Methods; ?tab= names another. */
export function BillingPage() {
  const billing = useBilling();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as BillingTab | null;
  const tab: BillingTab = asked && TABS.includes(asked) ? asked : 'invoices';
  const [adding, setAdding] = useState(false);
  const { accountId } = billing;
  if (!accountId) return null;
  const loading = !billing.invoices && !billing.error;

  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Billing
      </Typography.Title>
      {billing.error && <RetryAlert message={billing.error} onRetry={billing.reload} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'invoices' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'plan', label: 'Plan', children: <PlanTab subscription={billing.subscription} loading={loading} /> },
          {
            key: 'invoices',
            label: 'Invoices',
            children: (
              <InvoicesTab
                accountId={accountId}
                invoices={billing.invoices}
                methods={billing.methods ?? []}
                onPaid={billing.invoicePaid}
                onAddMethod={() => setAdding(true)}
              />
            ),
          },
          {
            key: 'payment-methods',
            label: 'Payment Methods',
            children: <PaymentMethodsTab accountId={accountId} methods={billing.methods} onChanged={billing.methodsChanged} onAdd={() => setAdding(true)} />,
          },
        ]}
      />
      <PaymentMethodDialog
        accountId={accountId}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          // The list is read again: the first method added becomes the default.
          void billingApi.paymentMethods(accountId).then(billing.methodsChanged, billing.reload);
        }}
      />
    </div>
  );
}
