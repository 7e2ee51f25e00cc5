import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

jest.setTimeout(30_000);
const user = userEvent.setup({ delay: null });
import { AddCardDialog } from './AddCardDialog';

jest.mock('@agency/api-client', () => ({ clientsApi: { list: jest.fn() }, errorMessage: (e: Error) => e.message }));

test('Enter submits the new card with its Title and Details', async () => {
  const onSubmit = jest.fn().mockResolvedValue(true);
  const onClose = jest.fn();
  render(<AddCardDialog open laneLabel="To do" onClose={onClose} onSubmit={onSubmit} />);
  expect(screen.getByText('Add a card to To do')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Auto and home' } });
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Quote for Jones' } });
  await user.type(screen.getByLabelText('Title'), '{Enter}');
  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: 'Quote for Jones', details: 'Auto and home', clientId: null }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(screen.getByLabelText('Client')).toBeInTheDocument();
});

test('Esc closes it without adding', async () => {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  render(<AddCardDialog open laneLabel="To do" onClose={onClose} onSubmit={onSubmit} />);
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
  await user.click(screen.getByLabelText('Title'));
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalled();
  expect(onSubmit).not.toHaveBeenCalled();
});
