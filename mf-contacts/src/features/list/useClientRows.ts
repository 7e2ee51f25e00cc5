import { useCallback, useEffect, useRef, useState } from 'react';
import { LETTERS, type ClientListItem, type ClientListQuery } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';

/** What the list shows: everything (jumping by letter), a search, favorites or one tag's members. */
export type ListView =
  | { kind: 'all' }
  | { kind: 'search'; search: string }
  | { kind: 'favorites' }
  | { kind: 'tag'; tag: string };

interface Segment {
  /** The list letter of an 'all' segment; null for a single-segment view. */
  letter: string | null;
  params: ClientListQuery;
  start: number;
  count: number;
  items: ClientListItem[];
  /** undefined: nothing asked yet; null: no more pages. */
  cursor: string | null | undefined;
  loading: boolean;
}

export const LIST_PAGE = 200;

/**
 * The rows of the contact list, loaded page by page where the list is looking. The whole list is one
 * segment per letter (sized by the letter counts), so jumping to a letter loads only that letter's
 * first page; a search, the favorites and a tag are one segment each.
 */
export function useClientRows(view: ListView) {
  const [total, setTotal] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const segments = useRef<Segment[]>([]);
  const generation = useRef(0);
  const wanted = useRef<[number, number]>([0, 30]);
  const key = JSON.stringify(view);

  const fetchMore = useCallback((seg: Segment, gen: number): void => {
    if (seg.loading || seg.cursor === null) return;
    seg.loading = true;
    clientsApi
      .list({ ...seg.params, after: seg.cursor ?? undefined, limit: LIST_PAGE })
      .then((page) => {
        if (gen !== generation.current) return;
        seg.loading = false;
        seg.items.push(...page.items);
        seg.cursor = page.nextCursor;
        if (seg.letter === null && page.total !== null) {
          seg.count = page.total;
          setTotal(page.total);
        }
        if (seg.cursor === null && seg.count !== seg.items.length && seg.letter !== null) seg.count = seg.items.length;
        setError(null);
        setVersion((v) => v + 1);
        // keep going while the visible range is still short of rows
        const [start, stop] = wanted.current;
        if (seg.start + seg.items.length <= stop && seg.start + seg.count > start) fetchMore(seg, gen);
      })
      .catch((err: unknown) => {
        if (gen !== generation.current) return;
        seg.loading = false;
        setError(err);
        setTotal((t) => t ?? 0);
      });
  }, []);

  const ensure = useCallback(
    (start: number, stop: number) => {
      wanted.current = [start, stop];
      const gen = generation.current;
      for (const seg of segments.current) {
        if (seg.start > stop || seg.start + seg.count <= start) continue;
        if (seg.start + seg.items.length <= stop) fetchMore(seg, gen);
      }
    },
    [fetchMore],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    const gen = generation.current;
    const v = JSON.parse(key) as ListView;
    segments.current = [];
    setTotal(null);
    setError(null);
    setVersion((n) => n + 1);
    if (v.kind === 'all') {
      clientsApi
        .letters()
        .then(({ counts }) => {
          if (gen !== generation.current) return;
          let start = 0;
          segments.current = LETTERS.filter((l) => (counts[l] ?? 0) > 0).map((letter) => {
            const seg: Segment = { letter, params: { letter }, start, count: counts[letter], items: [], cursor: undefined, loading: false };
            start += seg.count;
            return seg;
          });
          setTotal(start);
          setVersion((n) => n + 1);
          ensure(...wanted.current);
        })
        .catch((err: unknown) => {
          if (gen !== generation.current) return;
          setError(err);
          setTotal(0);
        });
      return;
    }
    const params: ClientListQuery = v.kind === 'search' ? { search: v.search } : v.kind === 'favorites' ? { favorites: true } : { tag: v.tag };
    const seg: Segment = { letter: null, params, start: 0, count: 0, items: [], cursor: undefined, loading: false };
    segments.current = [seg];
    fetchMore(seg, gen);
  }, [key, ensure, fetchMore]);

  useEffect(() => {
    wanted.current = [0, 30];
    reload();
  }, [reload]);

  const rowAt = useCallback((index: number): ClientListItem | undefined => {
    const seg = segments.current.find((s) => index >= s.start && index < s.start + s.count);
    return seg?.items[index - seg.start];
  }, []);

  /** Where a letter's rows begin in the whole list, or null when it has none. */
  const letterStart = useCallback((letter: string) => segments.current.find((s) => s.letter === letter)?.start ?? null, []);
  const letterAt = useCallback((index: number) => segments.current.find((s) => index >= s.start && index < s.start + s.count)?.letter ?? null, []);
  const lettersWithRows = segments.current.filter((s) => s.letter !== null).map((s) => s.letter as string);

  /** Changes one loaded row in place (a favorite toggled). */
  const patchRow = useCallback((id: string, patch: Partial<ClientListItem>) => {
    for (const seg of segments.current) {
      const i = seg.items.findIndex((r) => r.id === id);
      if (i >= 0) seg.items[i] = { ...seg.items[i], ...patch };
    }
    setVersion((n) => n + 1);
  }, []);

  return { total, version, error, rowAt, ensure, reload, letterStart, letterAt, lettersWithRows, patchRow };
}
