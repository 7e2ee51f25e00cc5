import { Card, Col, Row, Statistic, Typography } from 'antd';
import { errorMessage } from '@agency/api-client';
import type { RenewalFigures } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';
import { renewalFiguresApi } from './renewalFiguresApi';

const FIGURES: { label: string; value: (f: RenewalFigures) => string }[] = [
  { label: 'Due this month', value: (f) => String(f.due) },
  { label: 'Contacted', value: (f) => String(f.contacted) },
  { label: 'Quoted', value: (f) => String(f.quoted) },
  { label: 'Renewed', value: (f) => String(f.renewed) },
  { label: 'Lost', value: (f) => String(f.lost) },
  { label: 'Retention rate', value: (f) => (f.retentionRate === null ? '-' : `${f.retentionRate}%`) },
];

/**
 * A person's renewals in the profile's month, as the dashboard's widget counts them: the terms they
 * manage ending in it, and those contacted, quoted, renewed and lost in it, with the retention rate.
 * `round` changes when the page is refreshed.
 */
export function RenewalFiguresCard({ accountId, userId, month, round }: { accountId: string; userId: string; month: string; round: number }) {
  const figures = useLiveQuery(() => renewalFiguresApi.figures(accountId, userId, month), null, [accountId, userId, month, round]);
  const f = figures.data;
  return (
    <Card size="small" role="region" aria-label="Renewals" title="Renewals">
      {figures.error ? (
        <Typography.Text type="danger">Unable to load renewals: {errorMessage(figures.error)}</Typography.Text>
      ) : (
        <Row gutter={[16, 8]}>
          {FIGURES.map(({ label, value }) => (
            <Col key={label} xs={12} sm={8} lg={4}>
              <Statistic title={label} value={f ? value(f) : '-'} loading={figures.loading && !f} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
