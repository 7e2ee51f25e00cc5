import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { smsApi } from '@agency/api-client';
import { SCHEDULE_MESSAGES, type SmsRoom } from '@agency/contracts';
import { earliestSlot, ScheduleMessageDialog } from './ScheduleMessageDialog';

jest.mock('@agency/api-client', () => ({
  errorMessage: (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback),
  smsApi: { schedule: jest.fn() },
}));
const api = smsApi as jest.Mocked<typeof smsApi>;
const userEvent = userEventLib.setup({ delay: null });
const room: SmsRoom = {
  id: 'r1',
  phoneNumber: '15125550142',
  agencyNumber: '15125550001',
  client: { id: 'c1', name: 'James Carter' },
  status: 'open',
  lastMessageOn: null,
  lastMessage: '',
  unread: 0,
  favorited: [],
  assignedTo: null,
  optedOut: false,
};

test('the earliest slot is 30 minutes ahead, on a quarter hour', () => {
  const slot = earliestSlot(new Date('2026-11-24T10:07:30'));
  expect(slot.getHours()).toBe(10);
  expect(slot.getMinutes()).toBe(45);
});

test('needs a message, then schedules to the room number and client', async () => {
  const onScheduled = jest.fn();
  api.schedule.mockResolvedValue({} as never);
  render(<ScheduleMessageDialog room={room} open onClose={jest.fn()} onScheduled={onScheduled} />);
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.allRequired);
  expect(api.schedule).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('Message'), 'Your renewal is due.');
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(onScheduled).toHaveBeenCalled());
  expect(api.schedule).toHaveBeenCalledWith(expect.objectContaining({ messageTo: '15125550142', message: 'Your renewal is due.', smsRoom: 'r1', client: 'c1' }));
});

test('shows the server refusal word for word', async () => {
  api.schedule.mockRejectedValue(new Error(SCHEDULE_MESSAGES.failed));
  render(<ScheduleMessageDialog room={room} open onClose={jest.fn()} onScheduled={jest.fn()} />);
  await userEvent.type(screen.getByLabelText('Message'), 'Hi');
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.failed);
});
