import { act, render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';
import type { PhoneState } from '../device/softphone';
import { PhoneDrawer } from './PhoneDrawer';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
jest.mock('../queues/useQueues', () => ({ useQueues: () => ({ queues: [] }) }));
const state$ = new BehaviorSubject<PhoneState>({ device: 'offline', error: null, trustUrl: null, call: null, lastCalls: [] });
const start = jest.fn(async () => undefined);
jest.mock('./phone', () => ({
  startPhone: () => ({ state$, start, answer: jest.fn(), toggleMute: jest.fn(), dial: jest.fn(), removeLastCall: jest.fn() }),
  stopPhone: jest.fn(),
  afterFirstScreen: () => new Promise(() => undefined),
  coachColleague: jest.fn(),
  takeNextCall: jest.fn(),
}));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

/** A screen as wide as `width`: the drawer asks matchMedia whether it is on a phone. */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: /max-width: 575\.98px/.test(query) && width < 576,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const untrusted = () =>
  act(() =>
    state$.next({
      device: 'offline',
      error: 'This browser does not trust the local phone line yet.',
      trustUrl: 'https://localhost:8081/trust',
      call: null,
      lastCalls: [],
    }),
  );

beforeEach(() => {
  localStorage.clear();
  start.mockClear();
  state$.next({ device: 'offline', error: null, trustUrl: null, call: null, lastCalls: [] });
});

test('on a wide screen, a line not trusted yet opens the drawer on how to trust it', () => {
  screenWidth(1280);
  render(<PhoneDrawer />);
  expect(screen.queryByRole('region', { name: 'Phone drawer' })).toBeNull();
  untrusted();
  expect(screen.getByRole('region', { name: 'Phone drawer' })).toHaveTextContent('This browser does not trust the local phone line yet.');
  expect(screen.getByRole('link', { name: 'Open the phone line' })).toHaveAttribute('href', 'https://localhost:8081/trust');
});

test('on a phone it does not cover the page: the phone button opens the drawer on how to trust the line', async () => {
  screenWidth(390);
  render(<PhoneDrawer />);
  untrusted();
  expect(screen.queryByRole('region', { name: 'Phone drawer' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Phone Disabled' }));
  expect(screen.getByRole('region', { name: 'Phone drawer' })).toHaveTextContent('This browser does not trust the local phone line yet.');
  expect(start).not.toHaveBeenCalled();
});

test('an offline line the browser trusts starts again from the phone button', async () => {
  screenWidth(1280);
  render(<PhoneDrawer />);
  start.mockClear();
  await userEvent.click(screen.getByRole('button', { name: 'Phone Disabled' }));
  expect(start).toHaveBeenCalled();
  expect(screen.queryByRole('region', { name: 'Phone drawer' })).toBeNull();
});
