// /review/{accountId}?review={reviewId} on a full load (the server serves it from this remote's
// active release): a client's service review page, alone.
import { mountPublicPage } from '@agency/ui/src/public/mount';
import { PublicReviewPage } from '../features/publicReview/PublicReviewPage';

const [, , account] = window.location.pathname.split('/');
const reviewId = new URLSearchParams(window.location.search).get('review') ?? undefined;

mountPublicPage((theme) => <PublicReviewPage account={account || undefined} reviewId={reviewId} theme={theme} />);
