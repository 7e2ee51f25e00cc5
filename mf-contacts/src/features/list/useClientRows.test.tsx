import { act, renderHook, waitFor } from '@testing-library/react';
import { clientsApi } from '@agency/api-client';
import { hostControls } from '@agency/bus';
import type { ClientListItem, ClientListResponse } from '@agency/contracts';
import { LIVE_REFRESH_MS, useClientRows, type ListView } from './useClientRows';

jest.mock('@agency/api-client', () => ({
  clientsApi: { list: jest.fn(), letters: jest.fn() },
}));
const list = clientsApi.list as jest.Mock;
const letters = clientsApi.letters as jest.Mock;

const item = (id: string, lastName: string): ClientListItem => ({ id, firstName: 'Ada', lastName, isFavorite: false }) as ClientListItem;
const page = (items: ClientListItem[]): ClientListResponse => ({ items, total: items.length, nextCursor: null });

/** A promise settled from the test, to play answers out of order. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  list.mockReset();
  letters.mockReset();
});

describe('the contact list rows', () => {
  it('catches up with a change pushed by another user, without clearing the rows on screen', async () => {
    list.mockResolvedValueOnce(page([item('a', 'Lovelace')]));
    const totals: Array<number | null> = [];
    const { result } = renderHook(() => {
      const rows = useClientRows({ kind: 'search', search: 'ada' });
      totals.push(rows.total);
      return rows;
    });
    await waitFor(() => expect(result.current.total).toBe(1));
    expect(result.current.rowAt(0)?.lastName).toBe('Lovelace');

    list.mockResolvedValueOnce(page([item('b', 'Byron'), item('a', 'Lovelace')]));
    const seenFrom = totals.length;
    act(() => {
      // a burst of pushes is one refetch
      hostControls().receive({ event: 'clients_update', payload: { clientIds: ['b'] } });
      hostControls().receive({ event: 'clients_update', payload: { clientIds: ['b'] } });
    });
    expect(list).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.total).toBe(2), { timeout: LIVE_REFRESH_MS * 5 });
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[1][0]).toMatchObject({ search: 'ada' });
    expect(result.current.rowAt(0)?.lastName).toBe('Byron');
    // no render between the push and the new rows went back to 'Loading...'
    expect(totals.slice(seenFrom)).not.toContain(null);
  });

  it('cancels the request of a search typed over and ignores its late answer', async () => {
    const first = deferred<ClientListResponse>();
    const second = deferred<ClientListResponse>();
    list.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result, rerender } = renderHook(({ view }: { view: ListView }) => useClientRows(view), {
      initialProps: { view: { kind: 'search', search: 'lo' } },
    });
    rerender({ view: { kind: 'search', search: 'lov' } });
    const firstSignal = (list.mock.calls[0][1] as { signal: AbortSignal }).signal;
    expect(firstSignal.aborted).toBe(true);
    expect((list.mock.calls[1][1] as { signal: AbortSignal }).signal.aborted).toBe(false);

    await act(async () => second.resolve(page([item('a', 'Lovelace')])));
    await waitFor(() => expect(result.current.total).toBe(1));
    await act(async () => first.resolve(page([item('x', 'Lott'), item('y', 'Lowe')])));
    expect(result.current.total).toBe(1);
    expect(result.current.rowAt(0)?.lastName).toBe('Lovelace');
    expect(result.current.shownKey).toBe(JSON.stringify({ kind: 'search', search: 'lov' }));
  });

  it('keeps the rows of the last view on screen until the new view has its first rows', async () => {
    list.mockResolvedValueOnce(page([item('a', 'Lovelace')]));
    const next = deferred<ClientListResponse>();
    const { result, rerender } = renderHook(({ view }: { view: ListView }) => useClientRows(view), {
      initialProps: { view: { kind: 'search', search: 'ada' } },
    });
    await waitFor(() => expect(result.current.total).toBe(1));
    list.mockReturnValueOnce(next.promise);
    rerender({ view: { kind: 'favorites' } });
    expect(result.current.pending).toBe(true);
    expect(result.current.total).toBe(1);
    expect(result.current.rowAt(0)?.lastName).toBe('Lovelace');
    await act(async () => next.resolve(page([])));
    expect(result.current.total).toBe(0);
    expect(result.current.pending).toBe(false);
    expect(result.current.shownKey).toBe(JSON.stringify({ kind: 'favorites' }));
  });

  it('loads the whole list by letter and refetches the rows in view on a push', async () => {
    letters.mockResolvedValue({ counts: { a: 2, b: 1 }, total: 3 });
    list.mockImplementation(({ letter }: { letter: string }) =>
      Promise.resolve(
        letter === 'a'
          ? { items: [item('a1', 'Adams'), item('a2', 'Avery')], total: 2, nextCursor: null }
          : { items: [item('b1', 'Baker')], total: 1, nextCursor: null },
      ),
    );
    const { result } = renderHook(() => useClientRows({ kind: 'all' }));
    await waitFor(() => expect(result.current.total).toBe(3));
    expect(result.current.rowAt(2)?.lastName).toBe('Baker');
    expect(result.current.letterStart('b')).toBe(2);

    letters.mockResolvedValue({ counts: { a: 3, b: 1 }, total: 4 });
    list.mockImplementation(({ letter }: { letter: string }) =>
      Promise.resolve(
        letter === 'a'
          ? { items: [item('a1', 'Adams'), item('a3', 'Ames'), item('a2', 'Avery')], total: 3, nextCursor: null }
          : { items: [item('b1', 'Baker')], total: 1, nextCursor: null },
      ),
    );
    act(() => hostControls().receive({ event: 'clients_update', payload: { clientIds: null } }));
    await waitFor(() => expect(result.current.total).toBe(4), { timeout: LIVE_REFRESH_MS * 5 });
    expect(result.current.rowAt(1)?.lastName).toBe('Ames');
    expect(result.current.letterStart('b')).toBe(3);
  });

  it('loads the tail of a long letter by offset, not page after page from its start', async () => {
    letters.mockResolvedValue({ counts: { a: 1000, b: 10 }, total: 1010 });
    list.mockImplementation(({ letter, offset = 0, limit }: { letter: string; offset?: number; limit: number }) => {
      const size = letter === 'a' ? 1000 : 10;
      const items = Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) =>
        item(`${letter}${offset + i}`, `${letter.toUpperCase()}${offset + i}`),
      );
      return Promise.resolve({ items, total: size, nextCursor: offset + items.length < size ? 'next' : null });
    });
    const { result } = renderHook(() => useClientRows({ kind: 'all' }));
    await waitFor(() => expect(result.current.total).toBe(1010));
    list.mockClear();
    // the list jumped to b: its overscan reaches the last rows of a
    act(() => result.current.ensure(995, 1009));
    await waitFor(() => expect(result.current.rowAt(995)?.lastName).toBe('A995'));
    expect(result.current.rowAt(1000)?.lastName).toBe('B0');
    // one request for the tail of a, one for the start of b
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls.map((c) => c[0])).toEqual([
      { letter: 'a', offset: 995, limit: 200 },
      { letter: 'b', limit: 50 },
    ]);
    expect(result.current.rowAt(500)).toBeUndefined();
  });
});
