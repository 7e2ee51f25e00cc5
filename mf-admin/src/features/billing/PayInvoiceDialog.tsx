import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Modal, Select, Space } from 'antd';
import { billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { BILLING_MESSAGES, type BillingPaymentMethod, type Invoice } from '@agency/contracts';
import { formatCents, formatDate } from '@agency/ui';
import { methodName } from './format';

interface PayValues {
  paymentMethodId?: string;
}

/** Pay Invoice: the amount and a payment method (the default first); Cancel or Pay. */
export function PayInvoiceDialog({
  accountId,
  invoice,
  methods,
  onClose,
  onPaid,
  onAddMethod,
}: {
  accountId: string;
  invoice: Invoice | null;
  methods: BillingPaymentMethod[];
  onClose: () => void;
  onPaid: (invoice: Invoice) => void;
  onAddMethod: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  // One attempt to pay, one key: a retried request after a lost answer pays once.
  const attemptKey = useRef<string>(crypto.randomUUID());
  const def = methods.find((m) => m.isDefault) ?? methods[0];

  async function pay(v: PayValues) {
    if (!invoice || !v.paymentMethodId) {
      setError({ title: BILLING_MESSAGES.missingPaymentInfo });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const paid = await billingApi.pay(accountId, invoice.id, v.paymentMethodId, attemptKey.current);
      attemptKey.current = crypto.randomUUID();
      onPaid(paid);
      bus.toast({ kind: 'success', message: `Paid ${formatCents(paid.total)}` });
      onClose();
    } catch (err) {
      attemptKey.current = crypto.randomUUID();
      setError({ title: BILLING_MESSAGES.payFailed, detail: errorMessage(err, '') || undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={!!invoice} title="Pay Invoice" onCancel={onClose} footer={null} destroyOnHidden afterClose={() => setError(null)} mask={{ closable: false }}>
      {invoice && (
        <>
          {error && <Alert type="error" showIcon role="alert" title={error.title} description={error.detail} style={{ marginBottom: 16 }} />}
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Invoice">{formatDate(invoice.created * 1000)}</Descriptions.Item>
            <Descriptions.Item label="Amount">{formatCents(invoice.amount_due)}</Descriptions.Item>
          </Descriptions>
          {methods.length === 0 ? (
            <Alert
              type="warning"
              showIcon
              title={BILLING_MESSAGES.missingPaymentMethod}
              action={
                <Button size="small" onClick={onAddMethod}>
                  Add Payment Method
                </Button>
              }
            />
          ) : (
            <Form<PayValues> layout="vertical" initialValues={{ paymentMethodId: def?.id }} onFinish={(v) => void pay(v)} name="pay-invoice">
              <Form.Item label="Payment Method" name="paymentMethodId">
                <Select options={methods.map((m) => ({ value: m.id, label: `${methodName(m)}${m.isDefault ? ' (default)' : ''}` }))} />
              </Form.Item>
              <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button onClick={onClose}>Cancel</Button>
                <Button type="primary" htmlType="submit" loading={busy}>
                  Pay
                </Button>
              </Space>
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}
