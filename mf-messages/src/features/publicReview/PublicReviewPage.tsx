import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { MAX_RATING, REVIEW_FEEDBACK_MAX, REVIEW_MESSAGES } from '@agency/contracts/src/constants';
import type { PublicReview } from '@agency/contracts';
import { ApiRequestError, errorMessage } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { Button, Loading, Notice, StarRatingField, Stars, TextAreaField } from '@agency/ui/src/public/controls';
import { ClientFrame } from '@agency/ui/src/public/PublicFrame';
import type { PublicTheme } from '@agency/ui/src/public/theme';

export const THANK_YOU = 'Thank you for your feedback!';
export const GOOGLE_INVITE = 'Would you share your review on Google? It helps others find us.';
export const USE_YOUR_LINK = 'Please open the link from your text message to rate us.';
const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; data: PublicReview };

/**
 * /review/{accountId}?review={reviewId}: a client rates the agency 1 to 5 stars and writes
 * feedback, without signing in. A page of its own (src/public/review.tsx), light for a phone.
 */
export function PublicReviewPage({ account, reviewId, theme }: { account?: string; reviewId?: string; theme: PublicTheme }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [rating, setRating] = useState<number | undefined>();
  const [feedback, setFeedback] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!account) return setState({ kind: 'failed', message: REVIEW_MESSAGES.notFound });
    try {
      setState({ kind: 'loaded', data: await publicApi.review(account, reviewId) });
    } catch (err) {
      setState({ kind: 'failed', message: errorMessage(err, REVIEW_MESSAGES.notFound) });
    }
  }, [account, reviewId]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!account || !reviewId || !rating || saving) return;
    setSaving(true);
    setError(null);
    try {
      setState({ kind: 'loaded', data: await publicApi.answerReview(account, reviewId, { rating, feedback }) });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) await load();
      else setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (state.kind === 'loading') body = <Loading />;
  else if (state.kind === 'failed')
    body = (
      <Notice kind="error" data-testid="review-failed">
        {state.message}
      </Notice>
    );
  else {
    const { data } = state;
    const review = data.review;
    body = (
      <>
        <h1 className="public-title">{data.account.name}</h1>
        {!review ? (
          <p className="public-center">{USE_YOUR_LINK}</p>
        ) : review.rating !== null ? (
          <div className="public-center" data-testid="review-answered">
            <h2 className="public-subtitle">{THANK_YOU}</h2>
            <Stars value={review.rating} count={MAX_RATING} label={`You rated us ${review.rating} of ${MAX_RATING}`} />
            {review.feedback ? <p style={{ whiteSpace: 'pre-wrap' }}>{review.feedback}</p> : null}
            {data.googleReviewUrl ? (
              <>
                <p>{GOOGLE_INVITE}</p>
                <a className="public-button primary" href={data.googleReviewUrl} target="_blank" rel="noreferrer">
                  Review us on Google
                </a>
              </>
            ) : null}
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <p className="public-center">{review.firstName ? `Hi ${review.firstName}, how` : 'How'} did we do? Your feedback helps us serve you better.</p>
            <StarRatingField
              label="Your rating"
              value={rating}
              onChange={setRating}
              words={STAR_WORDS}
              status={tried && !rating ? 'error' : undefined}
              message={tried && !rating ? REVIEW_MESSAGES.ratingRequired : undefined}
            />
            <TextAreaField
              label="Feedback"
              rows={4}
              maxLength={REVIEW_FEEDBACK_MAX}
              placeholder="Tell us about your experience"
              value={feedback}
              onChange={(e) => setFeedback(e.target.value)}
            />
            {error ? <Notice kind="error">{error}</Notice> : null}
            <Button type="submit" busy={saving}>
              Submit
            </Button>
          </form>
        )}
      </>
    );
  }
  return (
    <ClientFrame theme={theme} data-testid="public-review">
      {body}
    </ClientFrame>
  );
}
