import { Link } from 'react-router-dom';
import { Card } from 'antd';
import { ReviewTotalsBar } from '../features/reviews/ReviewTotalsBar';
import { useReviewTotals } from '../features/reviews/useReviewTotals';

/** The dashboard's Service Reviews widget: reviews, completed, completion and average rating ('-' when the totals failed). */
export function ServiceReviewsWidget() {
  const totals = useReviewTotals();
  return (
    <Card title="Service Reviews" size="small" extra={<Link to="/report/service-reviews">View report</Link>} data-testid="service-reviews-widget">
      <ReviewTotalsBar totals={totals} compact />
    </Card>
  );
}
