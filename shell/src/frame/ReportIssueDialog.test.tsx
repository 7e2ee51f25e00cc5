import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { utilitiesApi } from '@agency/api-client';
import { bus, type ToastRequest } from '@agency/bus';
import { ReportIssueDialog } from './ReportIssueDialog';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const feedback = utilitiesApi.feedback as jest.Mock;
let toasts: ToastRequest[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  jest.clearAllMocks();
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t));
});
afterEach(() => sub.unsubscribe());

async function fillAndSend() {
  const onClose = jest.fn();
  render(<ReportIssueDialog open onClose={onClose} />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Related to' }));
  fireEvent.click(await screen.findByTitle('Phone'));
  fireEvent.change(screen.getByLabelText('Comments'), { target: { value: 'The dialpad froze.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  return onClose;
}

describe('ReportIssueDialog', () => {
  it('needs what it relates to and comments', async () => {
    render(<ReportIssueDialog open onClose={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose what it is related to')).toBeInTheDocument();
    expect(screen.getByText('Comments are required')).toBeInTheDocument();
    expect(feedback).not.toHaveBeenCalled();
  });

  it('sends the feedback and thanks the person', async () => {
    feedback.mockResolvedValue({ message: 'ok' });
    const onClose = await fillAndSend();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(feedback).toHaveBeenCalledWith({ category: 'Issue', relatedTo: 'Phone', comments: 'The dialpad froze.' });
    expect(toasts).toEqual([{ kind: 'success', message: 'Feedback was sent to our support group.  Thank You!' }]);
  });

  it('says so when sending fails', async () => {
    feedback.mockRejectedValue(new Error('down'));
    const onClose = await fillAndSend();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Error sending feedback.  Please contact us directly.  Thank You!' }]));
    expect(onClose).not.toHaveBeenCalled();
  });
});
