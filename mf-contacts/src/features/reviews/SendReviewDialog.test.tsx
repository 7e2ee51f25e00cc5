import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES } from '@agency/contracts';
import { reviewsApi } from '@agency/api-client';
import { collectToasts, emptyFull, renderWith } from '../../test/render';
import { NO_MOBILE, REVIEW_SENT, SendReviewDialog } from './SendReviewDialog';

jest.mock('@agency/api-client', () => {
  class ApiRequestError extends Error {
    constructor(
      message: string,
      public status: number | null,
    ) {
      super(message);
    }
  }
  return { reviewsApi: { request: jest.fn() }, ApiRequestError, errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)) };
});
const { ApiRequestError } = jest.requireMock('@agency/api-client') as { ApiRequestError: new (m: string, s: number) => Error };
const request = reviewsApi.request as jest.Mock;

const household = emptyFull({
  firstName: 'James',
  lastName: 'Carter',
  mobilePhone: '15125550142',
  coFirstName: 'Linda',
  coLastName: 'Carter',
  coMobilePhone: null,
  hasDual: true,
});

beforeEach(() => request.mockReset());

describe('Send Service Review', () => {
  it('shows a person without a mobile phone disabled with the reason, and sends the chosen person with Enter', async () => {
    const user = userEvent.setup();
    const toasts = collectToasts();
    const onRequested = jest.fn();
    request.mockResolvedValue({ review: {}, link: '/review/acc?review=rev' });
    renderWith(<SendReviewDialog open level="secondary" onClose={jest.fn()} onRequested={onRequested} />, { full: household });

    expect(screen.getByRole('dialog', { name: 'Send Service Review' })).toBeInTheDocument();
    const linda = screen.getByRole('radio', { name: /Linda Carter/ });
    expect(linda).toBeDisabled();
    expect(screen.getByText(NO_MOBILE)).toBeInTheDocument();
    const james = screen.getByRole('radio', { name: /James Carter/ });
    expect(james).toBeEnabled();
    // Linda cannot be texted, so James is picked even though the dialog was opened from her card
    expect(james).toBeChecked();

    await user.type(james, '{Enter}');
    await waitFor(() => expect(request).toHaveBeenCalledWith(household.client.id, { clientLevel: 'primary' }));
    expect(request).toHaveBeenCalledTimes(1);
    const link = await screen.findByTestId('review-link');
    expect(link).toHaveTextContent(`${window.location.origin}/review/acc?review=rev`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(toasts.toasts.map((t) => t.message)).toEqual([REVIEW_SENT]);
    expect(onRequested).toHaveBeenCalledTimes(1);
    toasts.stop();
  });

  it("sends the co-applicant when chosen, and reports the catalogue's failures", async () => {
    const user = userEvent.setup();
    const toasts = collectToasts();
    const onRequested = jest.fn();
    request.mockRejectedValueOnce(new ApiRequestError(REVIEW_MESSAGES.noRoom, 400)).mockRejectedValueOnce(new ApiRequestError('Internal Server Error', 500));
    const both = emptyFull({ ...household.client, coMobilePhone: '15125550143' });
    renderWith(<SendReviewDialog open level="secondary" onClose={jest.fn()} onRequested={onRequested} />, { full: both });

    expect(screen.getByRole('radio', { name: /Linda Carter/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(REVIEW_MESSAGES.noRoom, { normalizer: (t) => t })).toBeInTheDocument();
    expect(request).toHaveBeenLastCalledWith(both.client.id, { clientLevel: 'secondary' });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toEqual([REVIEW_MESSAGES.requestFailed]));
    expect(screen.queryByTestId('review-link')).not.toBeInTheDocument();
    expect(onRequested).not.toHaveBeenCalled();
    toasts.stop();
  });

  it('Esc closes the dialog', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWith(<SendReviewDialog open level="primary" onClose={onClose} onRequested={jest.fn()} />, { full: household });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
