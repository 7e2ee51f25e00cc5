import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import type { Session } from '@agency/contracts';
import { QueueList } from './QueueList';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const as = (role: string) => hostControls().setSession({ token: 't', user: { id: 'u1', role }, account: { id: 'a1' } } as unknown as Session);
afterEach(() => hostControls().setSession(null));

test('with no queue, an owner is told where to add one and taken there', async () => {
  as('owner');
  const navigate = jest.spyOn(bus, 'navigate').mockImplementation(() => undefined);
  render(<QueueList queues={[]} canTake onTake={jest.fn()} />);
  expect(screen.getByText(/No call queues\. Turn on a location's Call queue in/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Account Settings → Call Settings' }));
  expect(navigate).toHaveBeenCalledWith('/account/settings/call-settings');
});

test('an employee, who may not open the settings, is told who adds one', () => {
  as('employee');
  render(<QueueList queues={[]} canTake onTake={jest.fn()} />);
  expect(screen.getByText("No call queues. An owner or admin turns on a location's Call queue in Account Settings → Call Settings.")).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});
