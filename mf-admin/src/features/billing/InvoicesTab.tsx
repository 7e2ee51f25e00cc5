import { useState } from 'react';
import { Button, Empty, Skeleton, Table, Tag, Tooltip, theme, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { invoiceDisplayStatus, type BillingPaymentMethod, type Invoice, type InvoiceLine } from '@agency/contracts';
import { formatCents, formatDate } from '@agency/ui';
import { formatUnitAmount, invoiceStatusLabel } from './format';
import { PayInvoiceDialog } from './PayInvoiceDialog';

const nowSeconds = () => Math.floor(Date.now() / 1000);
export const attemptWarning = (inv: Pick<Invoice, 'next_payment_attempt'>) => `payment will be attempted on ${formatDate(inv.next_payment_attempt! * 1000)}`;

function Lines({ lines }: { lines: InvoiceLine[] }) {
  return (
    <Table<InvoiceLine>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={lines}
      aria-label="Invoice items"
      columns={[
        { title: 'Item', dataIndex: 'description' },
        { title: 'Units', dataIndex: 'quantity', align: 'right', render: (q: number) => q.toLocaleString('en-US') },
        {
          title: 'Cost',
          key: 'cost',
          align: 'right',
          render: (_, l) => (l.price.billing_scheme === 'tiered' ? 'tiered' : formatUnitAmount(l.price.unit_amount_decimal)),
        },
        { title: 'Unit', key: 'unit', render: (_, l) => (l.price.billing_scheme === 'tiered' ? 'tiers' : 'per unit') },
        { title: 'Subtotal', dataIndex: 'amount_excluding_tax', align: 'right', render: formatCents },
        { title: 'Tax', dataIndex: 'tax', align: 'right', render: formatCents },
        { title: 'Total', dataIndex: 'amount', align: 'right', render: formatCents },
      ]}
    />
  );
}

/**
 * Invoices: Created, Items, Subtotal, Tax, Total, Status; a row opens to its items. The period in
 * progress is tinted blue, open and past-due ones red; an open invoice never attempted has Pay.
 */
export function InvoicesTab({
  accountId,
  invoices,
  methods,
  onPaid,
  onAddMethod,
}: {
  accountId: string;
  invoices: Invoice[] | null;
  methods: BillingPaymentMethod[];
  onPaid: (invoice: Invoice) => void;
  onAddMethod: () => void;
}) {
  const { token } = theme.useToken();
  const [paying, setPaying] = useState<Invoice | null>(null);
  if (!invoices) return <Skeleton active title={false} paragraph={{ rows: 12 }} />;
  const now = nowSeconds();
  const tint = (inv: Invoice) => {
    const shown = invoiceDisplayStatus(inv, now);
    if (shown === 'upcoming') return token.colorInfoBg;
    if (shown === 'open' || shown === 'pastDue') return token.colorErrorBg;
    return undefined;
  };

  function status(inv: Invoice) {
    const shown = invoiceDisplayStatus(inv, now);
    const warning = inv.status === 'open' && inv.next_payment_attempt && (
      <Tooltip title={attemptWarning(inv)}>
        <WarningOutlined aria-label={attemptWarning(inv)} style={{ color: token.colorWarning, marginInlineStart: 8 }} />
      </Tooltip>
    );
    if (inv.status === 'open' && inv.attempted) {
      return (
        <span>
          <Tag color={shown === 'pastDue' ? 'red' : 'gold'}>{invoiceStatusLabel('pending')}</Tag>
          {warning}
        </span>
      );
    }
    if (inv.status === 'open') {
      return (
        <span>
          <Button size="small" type="primary" onClick={() => setPaying(inv)} aria-label={`Pay invoice of ${formatDate(inv.created * 1000)}`}>
            Pay
          </Button>
          {shown === 'pastDue' && (
            <Tag color="red" style={{ marginInlineStart: 8 }}>
              {invoiceStatusLabel('pastDue')}
            </Tag>
          )}
          {warning}
        </span>
      );
    }
    return <Tag color={shown === 'paid' ? 'green' : shown === 'upcoming' ? 'blue' : 'default'}>{invoiceStatusLabel(shown)}</Tag>;
  }

  return (
    <>
      <Table<Invoice>
        rowKey="id"
        dataSource={invoices}
        pagination={invoices.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty description="No invoices yet." /> }}
        onRow={(inv) => ({ style: { background: tint(inv) }, 'data-status': invoiceDisplayStatus(inv, now) }) as React.HTMLAttributes<HTMLElement>}
        expandable={{ expandedRowRender: (inv) => <Lines lines={inv.lines.data} />, rowExpandable: (inv) => inv.lines.data.length > 0 }}
        columns={[
          {
            title: 'Created',
            dataIndex: 'created',
            render: (created: number, inv) => (
              <span>
                {formatDate(created * 1000)}
                {inv.status === 'upcoming' && (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    (in progress)
                  </Typography.Text>
                )}
              </span>
            ),
          },
          { title: 'Items', key: 'items', render: (_, inv) => inv.lines.data.length },
          { title: 'Subtotal', dataIndex: 'subtotal_excluding_tax', align: 'right', render: formatCents },
          { title: 'Tax', dataIndex: 'tax', align: 'right', render: formatCents },
          { title: 'Total', dataIndex: 'total', align: 'right', render: formatCents },
          { title: 'Status', key: 'status', render: (_, inv) => status(inv) },
        ]}
      />
      <PayInvoiceDialog
        accountId={accountId}
        invoice={paying}
        methods={methods}
        onClose={() => setPaying(null)}
        onPaid={onPaid}
        onAddMethod={() => {
          setPaying(null);
          onAddMethod();
        }}
      />
    </>
  );
}
