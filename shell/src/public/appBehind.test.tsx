import { act } from '@testing-library/react';
import { loadTheAppBehind } from './appBehind';

afterEach(() => {
  delete window.agencyHandover;
  document.body.innerHTML = '';
  jest.useRealTimers();
});

test('the sign-in page loads the app behind it, opens it where the sign-in leads and leaves once it has drawn', async () => {
  jest.useFakeTimers();
  const page = { leave: jest.fn() };
  const openTheApp = loadTheAppBehind(page);
  expect(window.agencyHandover).toBeUndefined();
  act(() => void jest.advanceTimersByTime(300));
  const handover = window.agencyHandover!;
  expect(document.querySelector('script[src="/main.js"]')).not.toBeNull();

  let signedIn = false;
  void handover.signedIn.then(() => (signedIn = true));
  openTheApp('/tasks?board=1');
  await act(async () => undefined);
  expect(signedIn).toBe(true);
  expect(window.location.pathname + window.location.search).toBe('/tasks?board=1');
  expect(page.leave).not.toHaveBeenCalled();
  handover.tookOver();
  expect(page.leave).toHaveBeenCalledTimes(1);
});
