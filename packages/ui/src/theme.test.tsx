import { act, renderHook } from '@testing-library/react';
import { themeConfig, useReducedMotion } from './theme';

/** A matchMedia whose reduced-motion answer the test changes. */
function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initial,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    set(matches: boolean) {
      query.matches = matches;
      listeners.forEach((l) => l());
    },
    listeners,
  };
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

test('motion is on unless the person asked for less', () => {
  expect(themeConfig({ dark: false, color: '#19d0de' }).token.motion).toBe(true);
  expect(themeConfig({ dark: false, color: '#19d0de' }, true).token.motion).toBe(false);
});

test('follows the system setting as it changes, and stops listening when unmounted', () => {
  const media = fakeMedia(false);
  const { result, unmount } = renderHook(() => useReducedMotion());
  expect(result.current).toBe(false);
  act(() => media.set(true));
  expect(result.current).toBe(true);
  unmount();
  expect(media.listeners.size).toBe(0);
});

test('without matchMedia (older browsers) motion stays on', () => {
  (window as { matchMedia?: unknown }).matchMedia = undefined;
  const { result } = renderHook(() => useReducedMotion());
  expect(result.current).toBe(false);
});
