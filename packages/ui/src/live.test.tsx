import { act, renderHook, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { useDebounced, useLiveQuery } from './live';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('fetches on mount, again on a trigger, and keeps the data through a failure', async () => {
  const triggers = new Subject<void>();
  let n = 0;
  const fetch = jest.fn(() => (++n === 3 ? Promise.reject(new Error('offline')) : Promise.resolve(n)));
  const { result } = renderHook(() => useLiveQuery(fetch, triggers));
  expect(result.current.loading).toBe(true);
  await waitFor(() => expect(result.current.data).toBe(1));
  act(() => triggers.next());
  await waitFor(() => expect(result.current.data).toBe(2));
  act(() => result.current.reload());
  await waitFor(() => expect(result.current.error).toEqual(new Error('offline')));
  expect(result.current).toMatchObject({ data: 2, loading: false });
});

test('an answer overtaken by a newer request, or arriving after unmount, is dropped', async () => {
  const first = deferred<string>();
  const second = deferred<string>();
  const answers = [first, second];
  const { result, rerender, unmount } = renderHook(({ id }) => useLiveQuery(() => answers.shift()!.promise, null, id), { initialProps: { id: 'a' } });
  rerender({ id: 'b' });
  await act(async () => second.resolve('b'));
  await act(async () => first.resolve('a'));
  expect(result.current.data).toBe('b');
  const late = deferred<string>();
  answers.push(late);
  act(() => result.current.reload());
  unmount();
  await act(async () => late.resolve('late'));
  expect(result.current.data).toBe('b');
});

test('waits while there is nothing to fetch', () => {
  const { result } = renderHook(() => useLiveQuery<number>(null));
  expect(result.current).toMatchObject({ data: undefined, loading: false, error: null });
});

test('a list of keys fetches again when any of them changes identity', async () => {
  const fetch = jest.fn(() => Promise.resolve('x'));
  const tags = ['a'];
  const { rerender } = renderHook(({ id, v }) => useLiveQuery(fetch, null, [id, v]), { initialProps: { id: 'c1', v: tags } });
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  rerender({ id: 'c1', v: tags });
  rerender({ id: 'c1', v: ['a'] });
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  rerender({ id: 'c2', v: ['a'] });
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
});

test('update changes the data here until the next answer', async () => {
  let n = 0;
  const { result } = renderHook(() => useLiveQuery(() => Promise.resolve([++n])));
  await waitFor(() => expect(result.current.data).toEqual([1]));
  act(() => result.current.update((list) => [...(list ?? []), 9]));
  expect(result.current.data).toEqual([1, 9]);
  act(() => result.current.reload());
  await waitFor(() => expect(result.current.data).toEqual([2]));
});

test('a debounced value follows once it has stayed the same for the delay', () => {
  jest.useFakeTimers();
  try {
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, 400), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    act(() => jest.advanceTimersByTime(300));
    rerender({ v: 'abc' });
    act(() => jest.advanceTimersByTime(300));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe('abc');
  } finally {
    jest.useRealTimers();
  }
});
