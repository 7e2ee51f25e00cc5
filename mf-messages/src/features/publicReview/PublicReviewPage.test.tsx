import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES, type PublicReview } from '@agency/contracts';
import { ApiRequestError } from '@agency/api-client/src/errors';
import { publicApi } from '@agency/api-client/src/publicCalls';
import { GOOGLE_INVITE, PublicReviewPage, THANK_YOU, USE_YOUR_LINK } from './PublicReviewPage';

jest.mock('@agency/api-client/src/publicCalls', () => ({ publicApi: { review: jest.fn(), answerReview: jest.fn() } }));

const get = publicApi.review as jest.Mock;
const answer = publicApi.answerReview as jest.Mock;
const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const REVIEW = '00000000-0000-4000-8000-000000000301';
const GOOGLE = 'https://search.google.com/local/writereview?placeid=abc';
const pending: PublicReview = {
  account: { name: 'Demo Insurance Agency' },
  review: { id: REVIEW, firstName: 'James', rating: null, feedback: null },
  googleReviewUrl: null,
};
/** The page as a link opens it; `null`: a link without a review. */
const page = (reviewId: string | null = REVIEW) =>
  render(<PublicReviewPage account={ACCOUNT} reviewId={reviewId ?? undefined} theme={{ dark: false, color: '#19d0de' }} />);

beforeEach(() => {
  get.mockReset().mockResolvedValue(pending);
  answer.mockReset();
});

describe('the public service review page', () => {
  it('greets the client, asks for stars, and sends the rating with the feedback', async () => {
    const user = userEvent.setup();
    answer.mockResolvedValue({ ...pending, review: { ...pending.review!, rating: 4, feedback: 'Great' }, googleReviewUrl: GOOGLE });
    page();
    expect(await screen.findByText(/Hi James, how did we do\?/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(ACCOUNT, REVIEW);
    expect(screen.getByRole('heading', { name: 'Demo Insurance Agency' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(REVIEW_MESSAGES.ratingRequired)).toBeInTheDocument();
    expect(answer).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('radio')[3]);
    await user.type(screen.getByLabelText('Feedback'), 'Great');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith(ACCOUNT, REVIEW, { rating: 4, feedback: 'Great' }));
    expect(await screen.findByText(THANK_YOU)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'You rated us 4 of 5' })).toBeInTheDocument();
    expect(screen.getByText(GOOGLE_INVITE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Review us on Google/ })).toHaveAttribute('href', GOOGLE);
  });

  it('offers no Google review when the answer does not earn it', async () => {
    get.mockResolvedValue({ ...pending, review: { ...pending.review!, rating: 2, feedback: null } });
    page();
    expect(await screen.findByText(THANK_YOU)).toBeInTheDocument();
    expect(screen.queryByText(GOOGLE_INVITE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows the answer already given when the review was answered meanwhile, and a server refusal inline', async () => {
    const user = userEvent.setup();
    answer.mockRejectedValueOnce(new ApiRequestError(REVIEW_MESSAGES.tooMany, 429));
    page();
    await screen.findByText(/how did we do/);
    await user.click(screen.getAllByRole('radio')[4]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(REVIEW_MESSAGES.tooMany)).toBeInTheDocument();
    answer.mockRejectedValueOnce(new ApiRequestError(REVIEW_MESSAGES.alreadyAnswered, 409));
    get.mockResolvedValue({ ...pending, review: { ...pending.review!, rating: 5, feedback: 'Earlier' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(THANK_YOU)).toBeInTheDocument();
    expect(screen.getByText('Earlier')).toBeInTheDocument();
  });

  it('says a link is not valid, and asks for the texted link when none names a review', async () => {
    get.mockRejectedValueOnce(new ApiRequestError(REVIEW_MESSAGES.notFound, 404));
    const { unmount } = page();
    expect(await screen.findByText(REVIEW_MESSAGES.notFound)).toBeInTheDocument();
    unmount();
    get.mockResolvedValue({ ...pending, review: null });
    page(null);
    expect(await screen.findByText(USE_YOUR_LINK)).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(ACCOUNT, undefined);
  });
});
