import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { walkInsApi } from '@agency/api-client';
import type { WalkIn } from '@agency/contracts';
import { renderAt } from '../../test/render';
import { waitingFor, WalkInsPage } from './WalkInsPage';

jest.mock('@agency/api-client', () => ({
  errorMessage: (err: unknown) => (err instanceof Error ? err.message : 'error'),
  walkInsApi: { list: jest.fn(), checkIn: jest.fn(), update: jest.fn() },
  clientsApi: { list: jest.fn(async () => ({ items: [], total: 0, nextCursor: null })) },
}));
const api = walkInsApi as jest.Mocked<typeof walkInsApi>;
const userEvent = userEventLib.setup({ delay: null });

const pat: WalkIn = {
  id: 'w1',
  name: 'Pat Doe',
  client: null,
  reason: 'New auto quote',
  status: 'waiting',
  arrivedAt: new Date(Date.now() - 7 * 60_000).toISOString(),
  seenAt: null,
  doneAt: null,
  assignedTo: null,
};

test('waiting time reads in minutes, then hours and minutes', () => {
  const t = Date.parse('2026-11-24T10:00:00Z');
  expect(waitingFor('2026-11-24T09:53:00Z', t)).toBe('7 min');
  expect(waitingFor('2026-11-24T08:25:00Z', t)).toBe('1 h 35 min');
});

test('lists who waits, checks someone in, and marks them done', async () => {
  api.list.mockResolvedValue([pat]);
  api.checkIn.mockResolvedValue({ ...pat, id: 'w2', name: 'Sam Lee' });
  api.update.mockResolvedValue({ ...pat, status: 'done' });
  renderAt(<WalkInsPage />);
  expect(await screen.findByText('Pat Doe')).toBeInTheDocument();
  expect(screen.getByText('7 min')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Name'), 'Sam Lee');
  await userEvent.type(screen.getByLabelText('Reason'), 'Pay a bill');
  await userEvent.click(screen.getByRole('button', { name: 'Check In' }));
  await waitFor(() => expect(api.checkIn).toHaveBeenCalledWith({ name: 'Sam Lee', client: null, reason: 'Pay a bill' }));

  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(api.update).toHaveBeenCalledWith('w1', { status: 'done' }));
});
