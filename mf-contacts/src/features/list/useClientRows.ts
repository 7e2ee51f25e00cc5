import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LETTERS, type ClientListItem, type ClientListQuery } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { auditTime, merge } from 'rxjs';

/** What the list shows: everything (jumping by letter), a search, favorites or one tag's members. */
export type ListView = { kind: 'all' } | { kind: 'search'; search: string } | { kind: 'favorites' } | { kind: 'tag'; tag: string };

interface Segment {
  /** The list letter of an 'all' segment; null for a single-segment view. */
  letter: string | null;
  params: ClientListQuery;
  start: number;
  count: number;
  /** Loaded rows by position in the segment; a row not loaded yet is a hole. */
  items: ClientListItem[];
  /** The next page's cursor, continuing after row `cursorAt` - 1; null: no more pages. */
  cursor: string | null | undefined;
  cursorAt: number;
  loading: boolean;
}

/** Rows asked for at a time while scrolling. */
export const LIST_PAGE = 200;
/** A segment's first page: a screenful and its overscan, so a search or a letter jump answers fast. */
export const FIRST_PAGE = 50;
/** The largest page the API gives. */
const MAX_PAGE = 500;
/** The rows a new view loads before it replaces the one on screen. */
const FIRST_RANGE: [number, number] = [0, 30];
/** Changes pushed by other users within this window are caught up with one refetch. */
export const LIVE_REFRESH_MS = 300;
/** Tags edited, or their counts moved with clients (anyone's): one signal per burst. */
export const tagChanges$ = merge(bus.on('refresh_tags'), bus.on('clients_update')).pipe(auditTime(LIVE_REFRESH_MS));

const paramsOf = (v: Exclude<ListView, { kind: 'all' }>): ClientListQuery =>
  v.kind === 'search' ? { search: v.search } : v.kind === 'favorites' ? { favorites: true } : { tag: v.tag };

const overlaps = (seg: Segment, start: number, stop: number) => seg.start <= stop && seg.start + seg.count > start;

const newSegment = (letter: string | null, params: ClientListQuery, start: number, count: number): Segment => ({
  letter,
  params,
  start,
  count,
  items: [],
  cursor: undefined,
  cursorAt: 0,
  loading: false,
});

/** The first row of [start, stop] (list positions) the segment has not loaded, as its own index; -1 when none is missing. */
function firstMissing(seg: Segment, start: number, stop: number): number {
  const to = Math.min(stop, seg.start + seg.count - 1) - seg.start;
  for (let i = Math.max(start, seg.start) - seg.start; i <= to; i++) if (seg.items[i] === undefined) return i;
  return -1;
}

/**
 * The request for the segment's rows from `from` to `to`: the next page by cursor when it continues
 * what is loaded, else by offset (a letter jumped into, the tail of the letter above a jump).
 */
function pageQuery(seg: Segment, from: number, to: number, first: number): ClientListQuery {
  const limit = Math.min(MAX_PAGE, Math.max(first, to - from + 1));
  if (from === 0) return { ...seg.params, limit };
  if (from === seg.cursorAt && seg.cursor) return { ...seg.params, after: seg.cursor, limit };
  return { ...seg.params, offset: from, limit };
}

/** Puts a page in place at `from`; answers whether the segment's size changed. */
function place(seg: Segment, from: number, page: { items: ClientListItem[]; total: number | null; nextCursor: string | null }): boolean {
  page.items.forEach((item, i) => (seg.items[from + i] = item));
  const end = from + page.items.length;
  seg.cursor = page.nextCursor;
  seg.cursorAt = end;
  const before = seg.count;
  if (seg.letter === null && page.total !== null) seg.count = page.total;
  // fewer rows than the letter counts said (changed meanwhile): the segment ends here
  else if (page.nextCursor === null && seg.letter !== null && end < seg.count) seg.count = end;
  return seg.count !== before;
}

/**
 * The rows of the contact list, loaded page by page where the list is looking. The whole list is one
 * segment per letter (sized by the letter counts), so jumping to a letter loads only that letter's
 * first page; a search, the favorites and a tag are one segment each.
 *
 * A new view (a search typed, a tab chosen) is loaded beside the one on screen and replaces it when
 * its first rows are in, so nothing flashes; the request of a view already left is cancelled and a
 * late answer is ignored. Changes pushed by other users (clients_update) refetch the rows in view the
 * same way, keeping the scroll position.
 */
export function useClientRows(view: ListView) {
  const [total, setTotal] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  /** The view whose rows are on screen: changes when a new view replaces the old one. */
  const [shownKey, setShownKey] = useState<string | null>(null);
  const segments = useRef<Segment[]>([]);
  const shown = useRef<string | null>(null);
  /** The view last asked for (on screen, or on its way). */
  const requested = useRef<string | null>(null);
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const wanted = useRef<[number, number]>(FIRST_RANGE);
  const key = JSON.stringify(view);

  const fetchMore = useCallback((seg: Segment, gen: number): void => {
    if (seg.loading || gen !== generation.current) return;
    const [start, stop] = wanted.current;
    const from = firstMissing(seg, start, stop);
    if (from < 0) return;
    const to = Math.min(stop, seg.start + seg.count - 1) - seg.start;
    seg.loading = true;
    clientsApi
      .list(pageQuery(seg, from, to, seg.items.length ? LIST_PAGE : FIRST_PAGE), { signal: controller.current?.signal })
      .then((page) => {
        if (gen !== generation.current) return;
        seg.loading = false;
        if (place(seg, from, page)) {
          // the segments after it move up (or down) with it
          let at = 0;
          for (const s of segments.current) {
            s.start = at;
            at += s.count;
          }
          setTotal(at);
        }
        setError(null);
        setVersion((v) => v + 1);
        // keep going while the visible range is still short of rows
        if (page.items.length) fetchMore(seg, gen);
      })
      .catch((err: unknown) => {
        if (gen !== generation.current) return;
        seg.loading = false;
        setError(err);
      });
  }, []);

  const ensure = useCallback(
    (start: number, stop: number) => {
      wanted.current = [start, stop];
      const gen = generation.current;
      for (const seg of segments.current) {
        if (overlaps(seg, start, stop)) fetchMore(seg, gen);
      }
    },
    [fetchMore],
  );

  /**
   * Loads `v` with the rows [start, stop] in, then puts it on screen. Until then the rows shown stay
   * (a new view replaces them whole; a refresh keeps its scroll position).
   */
  const load = useCallback(
    (viewKey: string, range: [number, number]) => {
      const v = JSON.parse(viewKey) as ListView;
      requested.current = viewKey;
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      const gen = ++generation.current;
      const [start, stop] = range;
      const opts = { signal: ctrl.signal };
      // fills a fresh segment's rows in [start, stop] in one request
      const fill = async (seg: Segment) => {
        const from = Math.max(start, seg.start) - seg.start;
        const to = seg.letter === null ? stop : Math.min(stop, seg.start + seg.count - 1) - seg.start;
        const page = await clientsApi.list(pageQuery(seg, from, to, FIRST_PAGE), opts);
        place(seg, from, page);
        if (seg.letter === null && page.total === null) seg.count = from + page.items.length;
      };
      const build = async (): Promise<Segment[]> => {
        if (v.kind !== 'all') {
          const seg = newSegment(null, paramsOf(v), 0, 0);
          await fill(seg);
          return [seg];
        }
        const { counts } = await clientsApi.letters(opts);
        let at = 0;
        const next = LETTERS.filter((l) => (counts[l] ?? 0) > 0).map((letter) => {
          const seg = newSegment(letter, { letter }, at, counts[letter]);
          at += seg.count;
          return seg;
        });
        await Promise.all(next.filter((seg) => overlaps(seg, start, stop)).map(fill));
        return next;
      };
      setPending(true);
      build().then(
        (next) => {
          if (gen !== generation.current) return;
          // a new view is looked at from its top; a refresh where the list is
          if (shown.current !== viewKey) wanted.current = range;
          shown.current = viewKey;
          segments.current = next;
          setTotal(next.reduce((n, s) => n + s.count, 0));
          setError(null);
          setPending(false);
          setVersion((n) => n + 1);
          setShownKey(viewKey);
          ensure(...wanted.current);
        },
        (err: unknown) => {
          if (gen !== generation.current) return;
          setError(err);
          setPending(false);
          setTotal((t) => t ?? 0);
        },
      );
    },
    [ensure],
  );

  /**
   * Starts loading a view now, from the event that asks for it (a keystroke), a render earlier than
   * the effect below would; the effect then finds it asked for already.
   */
  const request = useCallback(
    (next: ListView) => {
      const nextKey = JSON.stringify(next);
      if (nextKey === requested.current) return;
      wanted.current = FIRST_RANGE;
      load(nextKey, FIRST_RANGE);
    },
    [load],
  );

  /** The current view again, where the list is looking, without clearing what is on screen. */
  const reload = useCallback(() => {
    load(key, wanted.current);
  }, [key, load]);

  useEffect(() => request(JSON.parse(key) as ListView), [key, request]);

  useEffect(() => () => controller.current?.abort(), []);

  // other users' changes: one refetch per burst, at most LIVE_REFRESH_MS after its first push
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = bus.on('clients_update').subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        reload();
      }, LIVE_REFRESH_MS);
    });
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [reload]);

  const rowAt = useCallback((index: number): ClientListItem | undefined => {
    const seg = segments.current.find((s) => index >= s.start && index < s.start + s.count);
    return seg?.items[index - seg.start];
  }, []);

  /** Where a letter's rows begin in the whole list, or null when it has none. */
  const letterStart = useCallback((letter: string) => segments.current.find((s) => s.letter === letter)?.start ?? null, []);
  const letterAt = useCallback((index: number) => segments.current.find((s) => index >= s.start && index < s.start + s.count)?.letter ?? null, []);
  const lettersKey = segments.current
    .filter((s) => s.letter !== null)
    .map((s) => s.letter as string)
    .join('');
  const lettersWithRows = useMemo(() => (lettersKey ? [...lettersKey] : []), [lettersKey]);

  /** Changes one loaded row in place (a favorite toggled). */
  const patchRow = useCallback((id: string, patch: Partial<ClientListItem>) => {
    for (const seg of segments.current) {
      const i = seg.items.findIndex((r) => r.id === id);
      if (i >= 0) seg.items[i] = { ...seg.items[i], ...patch };
    }
    setVersion((n) => n + 1);
  }, []);

  return { total, version, error, pending, shownKey, rowAt, ensure, request, reload, letterStart, letterAt, lettersWithRows, patchRow };
}
