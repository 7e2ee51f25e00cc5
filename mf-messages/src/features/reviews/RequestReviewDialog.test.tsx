import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, type ToastRequest } from '@agency/bus';
import { REVIEW_MESSAGES, type ClientListItem } from '@agency/contracts';
import { clientsApi, reviewsApi } from '@agency/api-client';
import { renderAt } from '../../test/render';
import { RequestReviewDialog, REQUEST_SENT, reviewChoices } from './RequestReviewDialog';

jest.mock('@agency/api-client', () => {
  class ApiRequestError extends Error {
    constructor(
      message: string,
      public status: number | null,
    ) {
      super(message);
    }
  }
  return { reviewsApi: { request: jest.fn() }, clientsApi: { list: jest.fn() }, ApiRequestError };
});
const { ApiRequestError } = jest.requireMock('@agency/api-client') as { ApiRequestError: new (m: string, s: number) => Error };
const request = reviewsApi.request as jest.Mock;
const list = clientsApi.list as jest.Mock;

const item = (over: Partial<ClientListItem>): ClientListItem =>
  ({
    id: '00000000-0000-4000-8000-0000000000c1',
    firstName: 'James',
    lastName: 'Carter',
    preferredFirstName: null,
    companyName: null,
    coFirstName: 'Linda',
    coPreferredFirstName: null,
    coLastName: 'Carter',
    email: null,
    phone: null,
    mobilePhone: '15125550142',
    coMobilePhone: '15125550143',
    hasDual: true,
    isFavorite: false,
    ...over,
  }) as ClientListItem;

describe('Request Service Review', () => {
  it('offers each person with a mobile phone, the secondary by name', () => {
    expect(
      reviewChoices([
        item({}),
        item({ id: '00000000-0000-4000-8000-0000000000c2', firstName: 'Robert', lastName: 'Chen', mobilePhone: null, coFirstName: null }),
      ]).map((c) => [c.label, c.level]),
    ).toEqual([
      ['James Carter', 'primary'],
      ['Linda Carter', 'secondary'],
    ]);
  });

  it('records the request for the chosen person and shows the link; a person with no room gets the inline message', async () => {
    const user = userEvent.setup();
    const toasts: ToastRequest[] = [];
    const sub = bus.toast$.subscribe((t) => toasts.push(t));
    list.mockResolvedValue({ items: [item({})], total: 1, nextCursor: null });
    request.mockRejectedValueOnce(new ApiRequestError(REVIEW_MESSAGES.noRoom, 400)).mockResolvedValueOnce({ review: {}, link: '/review/a?review=b' });
    const onRequested = jest.fn();
    renderAt(<RequestReviewDialog open onClose={jest.fn()} onRequested={onRequested} />);
    await user.click(screen.getByLabelText('Client'));
    await user.click(await screen.findByTitle('Linda Carter'));
    await user.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith(item({}).id, { clientLevel: 'secondary' }));
    // the catalogue's wording keeps its two spaces
    expect(await screen.findByText(REVIEW_MESSAGES.noRoom, { normalizer: (t) => t })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('review-link')).toHaveTextContent(`${window.location.origin}/review/a?review=b`);
    expect(onRequested).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual([REQUEST_SENT]));
    sub.unsubscribe();
  });
});
