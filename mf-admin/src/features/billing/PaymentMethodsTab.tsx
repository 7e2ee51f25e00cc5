import { useState } from 'react';
import { Alert, Badge, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tooltip, Typography } from 'antd';
import { BankOutlined, CreditCardOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { BILLING_MESSAGES, type BillingPaymentMethod } from '@agency/contracts';
import { expiry, methodName } from './format';

/** Payment Methods: cards and bank accounts (default first) with edit, delete and set as default, and Add Payment Method. */
export function PaymentMethodsTab({
  accountId,
  methods,
  onChanged,
  onAdd,
}: {
  accountId: string;
  methods: BillingPaymentMethod[] | null;
  onChanged: (methods: BillingPaymentMethod[]) => void;
  onAdd: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(id: string, work: () => Promise<BillingPaymentMethod[]>, done: string, failed: string) {
    setBusy(id);
    try {
      onChanged(await work());
      bus.toast({ kind: 'success', message: done });
    } catch (err) {
      bus.toast({ kind: 'error', message: `${failed}: ${errorMessage(err)}` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div style={{ maxWidth: 760 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">Invoices are charged to the default payment method.</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          Add Payment Method
        </Button>
      </Flex>
      {!methods ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : methods.length === 0 ? (
        <Empty description={BILLING_MESSAGES.missingPaymentMethod} />
      ) : (
        <ul aria-label="Payment methods" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {methods.map((m) => (
            <li key={m.id} style={{ marginBottom: 12 }}>
              <Card size="small" style={{ width: '100%' }} data-payment-method={m.id}>
                <Flex justify="space-between" align="center" gap={16} wrap>
                  <Flex gap={12} align="center">
                    {m.type === 'card' ? <CreditCardOutlined style={{ fontSize: 24 }} aria-hidden /> : <BankOutlined style={{ fontSize: 24 }} aria-hidden />}
                    <div>
                      <Typography.Text strong>{methodName(m)}</Typography.Text>
                      <div>
                        <Typography.Text type="secondary">{m.card ? `Expires ${expiry(m)}` : 'US bank account'}</Typography.Text>
                      </div>
                    </div>
                    {m.isDefault && <Badge count="Default" color="blue" />}
                  </Flex>
                  <Flex gap={4}>
                    {!m.isDefault && (
                      <Tooltip title="Set as default">
                        <Button
                          type="text"
                          icon={<StarOutlined />}
                          aria-label={`Set ${methodName(m)} as default`}
                          loading={busy === m.id}
                          onClick={() =>
                            void run(
                              m.id,
                              () => billingApi.setDefault(accountId, m.id),
                              `${methodName(m)} is now the default`,
                              'Unable to set the default payment method',
                            )
                          }
                        />
                      </Tooltip>
                    )}
                    <Tooltip title="Edit">
                      <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${methodName(m)}`} onClick={() => setEditing(m.id)} />
                    </Tooltip>
                    <Popconfirm
                      title={`Delete ${methodName(m)}?`}
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => run(m.id, () => billingApi.remove(accountId, m.id), `${methodName(m)} removed`, 'Unable to delete the payment method')}
                    >
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${methodName(m)}`} />
                    </Popconfirm>
                  </Flex>
                </Flex>
                {editing === m.id && (
                  <Alert
                    type="info"
                    showIcon
                    closable={{ onClose: () => setEditing(null) }}
                    title={BILLING_MESSAGES.editComingSoon}
                    style={{ marginTop: 12 }}
                  />
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
