import { Card, Col, Row, Statistic } from 'antd';
import { reviewCompletion, type ReviewTotals } from '@agency/contracts';

/** Reviews requested, answered, the completion (completed / reviews * 100) and the average rating; '-' when the totals failed. */
export function ReviewTotalsBar({ totals, compact = false }: { totals: ReviewTotals | null; compact?: boolean }) {
  const items = [
    { key: 'reviews', title: 'Reviews', value: totals ? String(totals.reviews) : '-' },
    { key: 'completed', title: 'Completed', value: totals ? String(totals.completed) : '-' },
    { key: 'completion', title: 'Completion', value: reviewCompletion(totals) },
    {
      key: 'average-rating',
      title: compact ? 'Rating' : 'Average Rating',
      value: totals?.rating === null || totals?.rating === undefined ? '-' : totals.rating.toFixed(2),
    },
  ];
  const stats = (
    <Row gutter={[16, 16]}>
      {items.map((i) => (
        <Col key={i.key} xs={12} md={compact ? 12 : 6}>
          <Statistic title={i.title} value={i.value} data-testid={`total-${i.key}`} />
        </Col>
      ))}
    </Row>
  );
  return compact ? stats : <Card size="small">{stats}</Card>;
}
