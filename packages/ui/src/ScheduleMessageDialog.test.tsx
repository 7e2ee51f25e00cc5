import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { SCHEDULE_MESSAGES } from '@agency/contracts';
import { earliestSlot, ScheduleMessageDialog, type ScheduleMessageDialogProps } from './ScheduleMessageDialog';

const api = { schedule: jest.fn<Promise<unknown>, Parameters<ScheduleMessageDialogProps['schedule']>>() };
const userEvent = userEventLib.setup({ delay: null });
const room = {
  recipients: [{ phone: '15125550142', label: 'James Carter' }],
  client: 'c1',
  smsRoom: 'r1',
  schedule: (input: Parameters<ScheduleMessageDialogProps['schedule']>[0]) => api.schedule(input),
};

test('the earliest slot is 30 minutes ahead, on a quarter hour', () => {
  const slot = earliestSlot(new Date('2026-11-24T10:07:30'));
  expect(slot.getHours()).toBe(10);
  expect(slot.getMinutes()).toBe(45);
});

test('needs a message, then schedules to the room number and client', async () => {
  const onScheduled = jest.fn();
  api.schedule.mockResolvedValue({});
  render(<ScheduleMessageDialog {...room} open onClose={jest.fn()} onScheduled={onScheduled} />);
  // the dialog's code loads as it is first drawn
  await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.allRequired);
  expect(api.schedule).not.toHaveBeenCalled();
  await userEvent.type(screen.getByLabelText('Message'), 'Your renewal is due.');
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(onScheduled).toHaveBeenCalled());
  expect(api.schedule).toHaveBeenCalledWith(
    expect.objectContaining({ messageTo: '15125550142', message: 'Your renewal is due.', smsRoom: 'r1', client: 'c1' }),
  );
});

test('shows the server refusal word for word', async () => {
  api.schedule.mockRejectedValue(new Error(SCHEDULE_MESSAGES.failed));
  render(<ScheduleMessageDialog {...room} open onClose={jest.fn()} onScheduled={jest.fn()} />);
  await userEvent.type(await screen.findByLabelText('Message'), 'Hi');
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.failed);
});

test('a person without a mobile number gets the refusal and nothing to schedule', async () => {
  render(<ScheduleMessageDialog {...room} recipients={[]} open onClose={jest.fn()} onScheduled={jest.fn()} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.failed);
  expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
  expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
});
