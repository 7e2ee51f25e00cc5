import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import type { Review, Session } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';
import { renderAt } from '../../test/render';
import { ServiceReviewsPage } from './ServiceReviewsPage';

jest.mock('@agency/api-client', () => ({
  reviewsApi: { list: jest.fn(), totals: jest.fn(), request: jest.fn() },
  clientsApi: { list: jest.fn() },
  ApiRequestError: class extends Error {},
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const list = reviewsApi.list as jest.Mock;
const totals = reviewsApi.totals as jest.Mock;

const CLIENT = '00000000-0000-4000-8000-0000000000c1';
function review(n: number, over: Partial<Review> = {}): Review {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    createdAt: '2026-03-05T15:00:00.000Z',
    requestedBy: { id: 'u1', firstName: 'Olivia', lastName: 'Owens', avatar: null },
    client: { id: CLIENT, firstName: 'James', lastName: 'Carter', coFirstName: 'Linda', coLastName: 'Carter' },
    clientLevel: 'primary',
    rating: 5,
    feedback: `Feedback ${n}`,
    answeredAt: '2026-03-06T15:00:00.000Z',
    ...over,
  };
}

beforeEach(() => {
  list.mockReset();
  totals.mockReset().mockResolvedValue({ reviews: 4, completed: 3, rating: 4.33 });
  hostControls().setSession({ account: { serviceReviewEnabled: true } } as Session);
});
afterEach(() => hostControls().setSession(null));

const rows = () => screen.getAllByRole('row').slice(1);

describe('the service reviews report', () => {
  it('shows when, who asked, the person (the secondary by name), the stars and the feedback, and opens the client', async () => {
    const user = userEvent.setup();
    list.mockResolvedValue([review(1), review(2, { clientLevel: 'secondary', rating: null, feedback: null, answeredAt: null })]);
    renderAt(<ServiceReviewsPage />, '/report/service-reviews');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(list).toHaveBeenCalledWith({ page: 1, limit: 10 });
    const [first, second] = rows();
    expect(within(first).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(first).getByText('Olivia Owens')).toBeInTheDocument();
    expect(within(first).getByText('James Carter')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 5 of 5' })).toBeInTheDocument();
    expect(within(first).getByText('Feedback 1')).toBeInTheDocument();
    expect(within(second).getByText('Linda Carter')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'No rating yet' })).toBeInTheDocument();
    expect(screen.getByTestId('total-reviews')).toHaveTextContent('4');
    expect(screen.getByTestId('total-completion')).toHaveTextContent('75.00%');
    expect(screen.getByTestId('total-average-rating')).toHaveTextContent('4.33');
    await user.click(within(second).getByRole('link', { name: 'View Client Linda Carter' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/contacts/contact/${CLIENT}`);
  });

  it('pages: Next is disabled on a short page, and a new page size starts again at page 1', async () => {
    const user = userEvent.setup();
    list.mockImplementation(({ page, limit }: { page: number; limit: number }) =>
      Promise.resolve(Array.from({ length: page === 1 ? limit : 2 }, (_, i) => review(page * 10 + i))),
    );
    renderAt(<ServiceReviewsPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const next = screen.getByRole('button', { name: 'Next page' });
    const prev = screen.getByRole('button', { name: 'Previous page' });
    expect(prev).toBeDisabled();
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(list).toHaveBeenLastCalledWith({ page: 2, limit: 10 });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByTestId('page-number')).toHaveTextContent('Page 2');
    await user.click(screen.getByLabelText('Rows per page'));
    await user.click(await screen.findByTitle('5'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, limit: 5 }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByTestId('page-number')).toHaveTextContent('Page 1');
  });

  it("says 'No requests found' when there are none, and shows failed totals as '-'", async () => {
    list.mockResolvedValue([]);
    totals.mockRejectedValue(new Error('down'));
    renderAt(<ServiceReviewsPage />);
    expect(await screen.findByText('No requests found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    for (const id of ['total-reviews', 'total-completed', 'total-completion', 'total-average-rating']) expect(screen.getByTestId(id)).toHaveTextContent('-');
  });

  it('offers Request Service Review only when the account has service reviews on', async () => {
    list.mockResolvedValue([]);
    hostControls().setSession({ account: { serviceReviewEnabled: false } } as Session);
    renderAt(<ServiceReviewsPage />);
    await screen.findByText('No requests found');
    expect(screen.queryByRole('button', { name: 'Request Service Review' })).not.toBeInTheDocument();
  });
});
