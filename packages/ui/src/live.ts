import { useCallback, useEffect, useRef, useState } from 'react';
import type { Observable } from 'rxjs';

export interface LiveQuery<T> {
  /** The latest answer; undefined until the first one arrives. */
  data: T | undefined;
  /** The latest failure, cleared by the next answer. */
  error: unknown;
  loading: boolean;
  /** Asks again now. */
  reload: () => void;
  /** Changes the data here (a row added, edited or removed by this screen) without asking again. */
  update: (change: (data: T | undefined) => T | undefined) => void;
}

/**
 * Data fetched when the component mounts, again when `key` changes (what the fetch depends on: an
 * id, a version, or a list of them, each compared by identity) or `triggers$` emits (a socket
 * event, a save elsewhere), and never set after unmount or from an answer overtaken by a newer
 * request. `fetch` null waits (nothing to ask yet). This replaces the hand-written
 * `let live = true` effects.
 */
export function useLiveQuery<T>(fetch: (() => Promise<T>) | null, triggers$?: Observable<unknown> | null, key?: unknown): LiveQuery<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: !!fetch });
  const [round, setRound] = useState(0);
  const latest = useRef(fetch);
  latest.current = fetch;
  const enabled = !!fetch;
  const keys = Array.isArray(key) ? key : [key];
  const seen = useRef({ keys, generation: 0 });
  if (keys.length !== seen.current.keys.length || keys.some((k, i) => !Object.is(k, seen.current.keys[i])))
    seen.current = { keys, generation: seen.current.generation + 1 };
  const generation = seen.current.generation;

  useEffect(() => {
    if (!triggers$) return;
    const sub = triggers$.subscribe(() => setRound((n) => n + 1));
    return () => sub.unsubscribe();
  }, [triggers$]);

  useEffect(() => {
    const run = latest.current;
    if (!run) {
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    let current = true;
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    run().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState((s) => ({ data: s.data, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [enabled, round, generation]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const update = useCallback((change: (data: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: change(s.data) })), []);
  return { ...state, reload, update };
}

/** `value` once it has stayed the same for `ms` (a search asked after the typing pauses). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
