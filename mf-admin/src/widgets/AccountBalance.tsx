import { Link } from 'react-router-dom';
import { Card, Col, Flex, Row, Statistic, Tag, theme, Typography } from 'antd';
import { billingApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { Balance } from '@agency/contracts';
import { formatCents, formatDate, useLiveQuery, useObservable } from '@agency/ui';

const FIGURE = { fontSize: 18, whiteSpace: 'nowrap' } as const;
const FIGURE_COLUMN = '1 0 104px';
const ZERO: Balance = { pastDue: 0, current: 0, upcoming: 0, nextPayment: null, automaticPayment: false };

/** Dashboard widget: past due, current and upcoming amounts, the next payment and whether it is automatic. A failed call shows zeros and '-'. */
export function AccountBalance() {
  const accountId = useObservable(bus.session$)?.account.id;
  const latest = useLiveQuery<Balance>(accountId ? () => billingApi.balance(accountId) : null, null, accountId);
  const failed = !!latest.error;
  const balance = latest.data ?? (failed ? ZERO : null);
  const { token } = theme.useToken();

  const b = balance ?? ZERO;
  const money = (cents: number) => (failed ? '-' : formatCents(cents));
  return (
    <Card title="Account Balance" size="small" loading={!balance} extra={<Link to="/account/info/billing">Invoices</Link>}>
      {/* three figures abreast, wrapping under one another where the card is too narrow for whole amounts */}
      <Row gutter={[12, 8]}>
        <Col flex={FIGURE_COLUMN}>
          <Statistic title="Past Due" value={money(b.pastDue)} styles={{ content: { ...FIGURE, ...(b.pastDue > 0 ? { color: token.colorErrorText } : {}) } }} />
        </Col>
        <Col flex={FIGURE_COLUMN}>
          <Statistic title="Current" value={money(b.current)} styles={{ content: FIGURE }} />
        </Col>
        <Col flex={FIGURE_COLUMN}>
          <Statistic title="Upcoming" value={money(b.upcoming)} styles={{ content: FIGURE }} />
        </Col>
      </Row>
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }} wrap gap={8}>
        <Typography.Text type="secondary">Next payment: {b.nextPayment ? formatDate(b.nextPayment * 1000) : '-'}</Typography.Text>
        <Tag color={b.automaticPayment ? 'green' : 'default'}>{b.automaticPayment ? 'Automatic payment on' : 'Automatic payment off'}</Tag>
      </Flex>
    </Card>
  );
}
