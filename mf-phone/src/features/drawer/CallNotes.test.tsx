import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { activityApi } from '@agency/api-client';
import type { Activity } from '@agency/contracts';
import { CallNotes } from './CallNotes';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const activity = activityApi as jest.Mocked<typeof activityApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

test("during a call the contact's sticky notes show, and a new sticky note is saved on the contact", async () => {
  activity.stickies.mockResolvedValue([{ id: 'n1', note: 'Prefers email after 5pm', createdAt: '2026-11-20T15:00:00.000Z' } as Activity]);
  let finish: () => void = () => undefined;
  activity.create.mockImplementation(() => new Promise((resolve) => (finish = () => resolve({} as Activity))));
  render(<CallNotes clientId="k1" />);
  expect(await screen.findByText('Prefers email after 5pm')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Notes'), 'Asked about adding a teen driver');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Sticky' }));
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  expect(activity.create).toHaveBeenCalledWith('k1', { type: 'note', note: 'Asked about adding a teen driver', isSticky: true });
  finish();
  await waitFor(() => expect(activity.stickies).toHaveBeenCalledTimes(2));
  expect(screen.getByLabelText('Notes')).toHaveValue('');
});
