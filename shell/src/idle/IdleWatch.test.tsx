import { act, fireEvent, screen } from '@testing-library/react';
import { currentLocation, renderAt } from '../test/router';
import { formatCountdown } from './IdleWatch';
import { IdleWatch } from './IdleWatch';
import { IDLE_TIMINGS } from './useIdleTimer';

const timings = { promptAfterMs: 2_000, logoutAfterMs: 4_000, throttleMs: 500 };
const PROMPT = 'You will be signed out soon';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('IdleWatch', () => {
  it('uses the spec timings by default: prompt at 2 h, sign-out at 4 h, checks every 500 ms', () => {
    expect(IDLE_TIMINGS).toEqual({ promptAfterMs: 7_200_000, logoutAfterMs: 14_400_000, throttleMs: 500 });
  });

  it('prompts after the prompt time without activity', () => {
    renderAt('/', '/', <IdleWatch timings={timings} />);
    advance(1_900);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    advance(200);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeInTheDocument();
  });

  it('activity pushes the prompt back', () => {
    renderAt('/', '/', <IdleWatch timings={timings} />);
    advance(1_500);
    fireEvent.mouseMove(window);
    advance(1_500);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    advance(600);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
  });

  it('looks at activity at most once per throttle period', () => {
    renderAt('/', '/', <IdleWatch timings={timings} />);
    advance(1_000);
    fireEvent.keyDown(window, { key: 'a' }); // counted: activity at 1000
    advance(300);
    fireEvent.keyDown(window, { key: 'b' }); // 300 ms later: ignored
    advance(1_800); // 3100: 2100 since the counted activity
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
  });

  it('"Stay signed in" closes the prompt and starts over', () => {
    renderAt('/', '/', <IdleWatch timings={timings} />);
    advance(2_100);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    advance(3_000); // past the first deadline: still signed in
    expect(currentLocation.pathname).toBe('/');
    advance(1_100); // 4.1 s after staying
    expect(currentLocation.pathname).toBe('/logout');
  });

  it('signs out with the idle reason after the logout time', () => {
    renderAt('/', '/', <IdleWatch timings={timings} />);
    advance(2_100);
    fireEvent.mouseMove(window); // activity does not answer the prompt
    advance(2_000);
    expect(currentLocation.pathname).toBe('/logout');
    expect(currentLocation.search).toBe('?reason=idle');
  });

  it('formats the countdown', () => {
    expect(formatCountdown(7_200_000)).toBe('2:00:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
