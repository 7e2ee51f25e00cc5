import { Tooltip, theme } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { MAX_RATING } from '@agency/contracts';

export const NO_RATING = 'No rating yet';
export const ratingLabel = (rating: number) => `Rated ${rating} of ${MAX_RATING}`;

/**
 * A service-review rating as read-only stars, one picture named for screen readers ('Rated 4 of 5',
 * or 'No rating yet' with empty stars). Drawn stars, not antd's Rate: a rating shown is not a control,
 * and Rate's stars are radio buttons even when disabled.
 */
export function Stars({ rating, size = 14 }: { rating: number | null; size?: number }) {
  const { token } = theme.useToken();
  const label = rating === null ? NO_RATING : ratingLabel(rating);
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-testid="rating-stars" style={{ display: 'inline-flex', gap: size / 4, fontSize: size }}>
        {Array.from({ length: MAX_RATING }, (_, i) => (
          <StarFilled
            key={i}
            aria-hidden
            data-full={i < (rating ?? 0) || undefined}
            style={{ color: i < (rating ?? 0) ? token.yellow6 : token.colorFillContent }}
          />
        ))}
      </span>
    </Tooltip>
  );
}
