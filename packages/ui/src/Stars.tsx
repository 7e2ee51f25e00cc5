import { Rate, Tooltip } from 'antd';
import { MAX_RATING } from '@agency/contracts';

export const NO_RATING = 'No rating yet';
export const ratingLabel = (rating: number) => `Rated ${rating} of ${MAX_RATING}`;

/** A service-review rating as read-only stars, named for screen readers; faded empty stars with 'No rating yet' until answered. */
export function Stars({ rating, size = 14 }: { rating: number | null; size?: number }) {
  const label = rating === null ? NO_RATING : ratingLabel(rating);
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-testid="rating-stars" style={{ display: 'inline-flex', opacity: rating === null ? 0.45 : 1 }}>
        <Rate disabled count={MAX_RATING} value={rating ?? 0} style={{ fontSize: size }} />
      </span>
    </Tooltip>
  );
}
