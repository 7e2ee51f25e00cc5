import { Link } from 'react-router-dom';
import { Card, Col, Row, Typography } from 'antd';
import { errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole, type RenewalFigures } from '@agency/contracts';
import { FeedbackBridge, useLiveQuery, useObservable } from '@agency/ui';
import { renewalsApi } from '../features/renewals/renewalsApi';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Col span={8} style={{ textAlign: 'center', marginBottom: 8 }}>
      <Typography.Text strong style={{ fontSize: 22, display: 'block' }} aria-label={`${label}: ${value}`}>
        {value}
      </Typography.Text>
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Col>
  );
}

/**
 * The dashboard's Renewals widget: this month's renewals (terms ending this month), how many were
 * contacted, renewed and lost, and the retention rate. Owners and admins see the account's figures,
 * employees their own.
 */
export function RenewalsWidget() {
  const session = useObservable(bus.session$);
  const accountId = session?.account.id;
  const figures = useLiveQuery<RenewalFigures>(accountId ? () => renewalsApi.figures(accountId) : null, null, accountId);
  const f = figures.data;
  const mine = !isAdminRole(session?.user.role);
  return (
    <Card title={mine ? 'My Renewals' : 'Renewals'} size="small" extra={<Link to="/renewals">Open Renewals</Link>} data-testid="renewals-widget">
      <FeedbackBridge />
      {figures.error ? (
        <Typography.Text type="danger">Unable to load renewals: {errorMessage(figures.error)}</Typography.Text>
      ) : (
        <Row>
          <Figure label="Due this month" value={f ? String(f.due) : '-'} />
          <Figure label="Contacted" value={f ? String(f.contacted) : '-'} />
          <Figure label="Quoted" value={f ? String(f.quoted) : '-'} />
          <Figure label="Renewed" value={f ? String(f.renewed) : '-'} />
          <Figure label="Lost" value={f ? String(f.lost) : '-'} />
          <Figure label="Retention rate" value={f?.retentionRate === null || !f ? '-' : `${f.retentionRate}%`} />
        </Row>
      )}
    </Card>
  );
}
