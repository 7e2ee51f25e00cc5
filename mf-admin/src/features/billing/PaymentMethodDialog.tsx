import { useEffect, useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Segmented, Skeleton, Space, Typography } from 'antd';
import { billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { BILLING_MESSAGES, type BillingPaymentMethod, type SetupIntent } from '@agency/contracts';
import { methodName } from './format';
import { StripeSetupForm } from './StripeSetupForm';

type Kind = 'card' | 'us_bank_account';
interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  postalCode?: string;
}
interface BankValues {
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
}

/** Card numbers show in groups of four as typed. */
const groupCard = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** MM/YY as typed. */
const maskExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * Create Payment Method: a setup intent confirmed with the provider. With Stripe its Elements form
 * takes the card; with the local provider our form does, and the number goes no further than the
 * confirming request. Only a "succeeded" setup adds the method.
 */
export function PaymentMethodDialog({
  accountId,
  open,
  onClose,
  onAdded,
}: {
  accountId: string;
  open: boolean;
  onClose: () => void;
  onAdded: (pm: BillingPaymentMethod | null) => void;
}) {
  const [intent, setIntent] = useState<SetupIntent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('card');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setIntent(null);
    setError(null);
    billingApi
      .setupIntent(accountId)
      .then((i) => live && setIntent(i))
      .catch((err) => live && setError(errorMessage(err, BILLING_MESSAGES.unknownError)));
    return () => {
      live = false;
    };
  }, [open, accountId]);

  function succeeded(pm: BillingPaymentMethod | null) {
    bus.toast({ kind: 'success', message: pm ? `${methodName(pm)} added` : 'Payment method added' });
    onAdded(pm);
    onClose();
  }

  async function confirmLocal(paymentMethod: Parameters<typeof billingApi.confirmLocalSetup>[1]['paymentMethod']) {
    if (!intent) return;
    setBusy(true);
    setError(null);
    try {
      const result = await billingApi.confirmLocalSetup(accountId, { clientSecret: intent.client_secret, paymentMethod });
      if (result.status === 'succeeded') succeeded(result.paymentMethod);
      else setError(result.error?.message || BILLING_MESSAGES.unknownError);
    } catch (err) {
      setError(errorMessage(err, BILLING_MESSAGES.unknownError));
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>Cancel</Button>
      <Button type="primary" htmlType="submit" loading={busy}>
        Save
      </Button>
    </Space>
  );

  return (
    <Modal open={open} title="Create Payment Method" onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      {!intent ? (
        !error && <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : intent.provider === 'stripe' && intent.publishableKey ? (
        <StripeSetupForm intent={intent} onCancel={onClose} onSucceeded={() => succeeded(null)} onError={setError} />
      ) : (
        <>
          <Segmented<Kind>
            block
            value={kind}
            onChange={setKind}
            options={[
              { value: 'card', label: 'Card' },
              { value: 'us_bank_account', label: 'US bank account' },
            ]}
            style={{ marginBottom: 16 }}
          />
          {kind === 'card' ? (
            <Form<CardValues>
              layout="vertical"
              name="card"
              onFinish={(v) => {
                const [month, year] = v.expiry.split('/');
                void confirmLocal({
                  type: 'card',
                  number: v.number.replace(/\s/g, ''),
                  expMonth: Number(month),
                  expYear: Number(year),
                  cvc: v.cvc,
                  postalCode: v.postalCode,
                });
              }}
            >
              <Form.Item label="Card Number" name="number" normalize={groupCard} rules={[{ required: true, message: 'Your card number is incomplete.' }]}>
                <Input autoFocus inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
              </Form.Item>
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item
                    label="Expiry"
                    name="expiry"
                    normalize={maskExpiry}
                    rules={[{ pattern: /^(0[1-9]|1[0-2])\/\d{2}$/, required: true, message: "Your card's expiration date is incomplete." }]}
                  >
                    <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label="CVC" name="cvc" rules={[{ pattern: /^\d{3,4}$/, required: true, message: "Your card's security code is incomplete." }]}>
                    <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="CVC" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label="ZIP" name="postalCode">
                    <Input autoComplete="postal-code" maxLength={10} />
                  </Form.Item>
                </Col>
              </Row>
              {footer}
            </Form>
          ) : (
            <Form<BankValues> layout="vertical" name="bank" onFinish={(v) => void confirmLocal({ type: 'us_bank_account', ...v })}>
              <Form.Item
                label="Account Holder Name"
                name="accountHolderName"
                rules={[{ required: true, whitespace: true, message: 'Account holder name is required' }]}
              >
                <Input autoFocus autoComplete="name" />
              </Form.Item>
              <Form.Item
                label="Routing Number"
                name="routingNumber"
                rules={[{ pattern: /^\d{9}$/, required: true, message: 'Routing number must be 9 digits' }]}
              >
                <Input inputMode="numeric" maxLength={9} />
              </Form.Item>
              <Form.Item
                label="Account Number"
                name="accountNumber"
                rules={[{ pattern: /^\d{4,17}$/, required: true, message: 'Account number must be 4 to 17 digits' }]}
              >
                <Input inputMode="numeric" maxLength={17} />
              </Form.Item>
              {footer}
            </Form>
          )}
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
            Only the brand or bank and the last four digits are kept.
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
