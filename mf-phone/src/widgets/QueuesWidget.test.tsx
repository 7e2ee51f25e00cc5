import { act, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { phoneApi } from '@agency/api-client';
import { bus, hostControls } from '@agency/bus';
import type { PhoneQueue } from '@agency/contracts';
import { phoneState$ } from '../features/drawer/phone';
import { QueuesWidget } from './QueuesWidget';

jest.mock('@agency/api-client', () => jest.requireActual('../testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const queues = phoneApi.queues as jest.Mock;
const take = phoneApi.takeNextCall as jest.Mock;

const queue = (over: Partial<PhoneQueue> = {}): PhoneQueue => ({
  id: 'loc-1',
  sid: 'queue-loc-1',
  friendlyName: 'Round Rock',
  currentSize: 0,
  averageWaitTime: 0,
  ...over,
});
const ready = () => act(() => phoneState$.next({ device: 'ready', error: null, trustUrl: null, call: null, lastCalls: [] }));
const takeButton = () => screen.getByRole('button', { name: 'Take Next Call from Round Rock' });

beforeEach(() => {
  jest.resetAllMocks();
  act(() => phoneState$.next({ device: 'offline', error: null, trustUrl: null, call: null, lastCalls: [] }));
});

test('shows each queue with who waits and the average wait; Take Next Call is disabled while nobody waits', async () => {
  queues.mockResolvedValue([queue()]);
  render(<QueuesWidget />);
  expect(await screen.findByText('Round Rock')).toBeInTheDocument();
  expect(screen.getByText('0 waiting')).toBeInTheDocument();
  await ready();
  expect(takeButton()).toBeDisabled();

  // A caller joins: the server pushes the queues (users_queue) and the widget shows them without asking again.
  act(() => hostControls().receive({ event: 'users_queue', payload: { queues: [queue({ currentSize: 2, averageWaitTime: 95 })] } }));
  expect(await screen.findByText('2 waiting')).toBeInTheDocument();
  expect(screen.getByText(/Average wait 1m/)).toBeInTheDocument();
  expect(takeButton()).toBeEnabled();
  expect(queues).toHaveBeenCalledTimes(1);
});

test('Take Next Call needs a phone that is ready, and says why taking failed', async () => {
  queues.mockResolvedValue([queue({ currentSize: 1, averageWaitTime: 20 })]);
  render(<QueuesWidget />);
  expect(await screen.findByText('1 waiting')).toBeInTheDocument();
  expect(takeButton()).toBeDisabled();
  await ready();
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  // The phone is the drawer's: without one started on this page, taking is refused before asking the server.
  await userEvent.click(takeButton());
  await waitFor(() => expect(toasts).toEqual(['Unable to take the next call: Your phone is not ready to take a call.']));
  expect(take).not.toHaveBeenCalled();
  sub.unsubscribe();
});
