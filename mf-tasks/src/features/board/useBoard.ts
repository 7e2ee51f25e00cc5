import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filter as rxFilter, skip } from 'rxjs';
import { bus } from '@agency/bus';
import { toast } from '@agency/ui';
import { errorMessage, taskBoardsApi } from '@agency/api-client';
import { TASK_CARDS_PAGE_SIZE, TASKBOARD_MESSAGES, type TaskBoardAck, type TaskCardEvent } from '@agency/contracts';
import { oneAtATime } from './oneAtATime';
import { appendPage, applyServerEvent, emptyLane, initialState, moveLocally, type BoardState, type CardFilter } from './laneModel';

const GONE = Number.MAX_SAFE_INTEGER;
/** Server events that change what the board's figures count. */
const CARD_CHANGES = new Set(['MOVE_CARD', 'ADD_CARD', 'UPDATE_CARD', 'DELETE_CARD', 'CLEAR_LANE']);
/** How long a board waits for the server to answer its join before it loads all the same. */
const JOIN_ANSWER_WAIT_MS = 5000;

/** One board on screen: its lanes loaded page by page, kept live from the board's socket room. */
export function useBoard(boardId: string, filter: CardFilter) {
  const [state, setState] = useState<BoardState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const loadLane = useCallback(
    async (laneId: string, reset = false) => {
      const current = stateRef.current?.lanes[laneId];
      if (!current || (!reset && (current.loading || current.end))) return;
      setState((s) => (s ? { ...s, lanes: { ...s.lanes, [laneId]: { ...(reset ? emptyLane() : s.lanes[laneId]), loading: true } } } : s));
      const last = reset ? undefined : current.cards[current.cards.length - 1];
      const f = filterRef.current;
      try {
        const page = await taskBoardsApi.cards(boardId, laneId, {
          limit: TASK_CARDS_PAGE_SIZE,
          search: f.search.trim() || undefined,
          assignedTo: f.assignedTo === 'all' ? undefined : f.assignedTo,
          ...(last ? { afterOrder: last.order, afterId: last.id } : {}),
        });
        setState((s) => {
          if (!s || !s.lanes[laneId]) return s;
          const fresh = page.cards.filter((c) => (s.seen[c.id] ?? -1) !== GONE);
          const base = reset ? emptyLane() : s.lanes[laneId];
          return { ...s, lanes: { ...s.lanes, [laneId]: { ...appendPage(base, fresh), end: page.cards.length < TASK_CARDS_PAGE_SIZE } } };
        });
      } catch (err) {
        setState((s) =>
          s && s.lanes[laneId] ? { ...s, lanes: { ...s.lanes, [laneId]: { ...s.lanes[laneId], loading: false, error: errorMessage(err) } } } : s,
        );
      }
    },
    [boardId],
  );

  const reload = useCallback(async () => {
    try {
      const board = await taskBoardsApi.get(boardId);
      const fresh = initialState(board);
      stateRef.current = fresh;
      setState(fresh);
      setError(null);
      await Promise.all(board.lanes.map((l) => loadLane(l.id, true)));
    } catch (err) {
      setError(`${TASKBOARD_MESSAGES.loadFailed}: ${errorMessage(err)}`);
    }
  }, [boardId, loadLane]);

  // The board's figures (total, progress, completed) are the server's count: asked again after cards change, one request at a time.
  const refreshTotals = useMemo(
    () =>
      oneAtATime(async () => {
        const fresh = await taskBoardsApi.get(boardId).catch(() => null);
        if (fresh)
          setState((s) =>
            s && s.board.id === fresh.id
              ? {
                  ...s,
                  board: {
                    ...s.board,
                    total: fresh.total,
                    assigned: fresh.assigned,
                    progress: fresh.progress,
                    completed: fresh.completed,
                    pastDue: fresh.pastDue,
                    monitorAlert: fresh.monitorAlert,
                  },
                }
              : s,
          );
      }).run,
    [boardId],
  );

  // Join the board's room, and load the board once the server has joined us (again after every
  // reconnect): a card added before the join is in what the load reads, one added after it comes as
  // an event. An event that comes while the board loads may be news the load read too early, so the
  // board loads once more after it.
  useEffect(() => {
    let alive = true;
    const loader = oneAtATime(reload, () => alive);
    const joinThenLoad = () => {
      let started = false;
      const start = () => {
        if (started || !alive) return;
        started = true;
        void loader.run();
      };
      bus.emit('taskBoard_joinBoard', boardId, (res: TaskBoardAck) => {
        if (!res.ok && alive) toast({ kind: 'error', message: res.message });
        start();
      });
      // Offline, the board loads now and joins when the socket connects (below); an answer that
      // does not come in time does not keep the board from loading.
      if (bus.connection$.value !== 'connected') start();
      else setTimeout(start, JOIN_ANSWER_WAIT_MS);
    };
    joinThenLoad();
    const events = bus.on('taskboard').subscribe((ev) => {
      setState((s) => (s ? applyServerEvent(s, ev, filterRef.current) : s));
      if (ev.boardId !== boardId) return;
      if (loader.running) void loader.run();
      if (CARD_CHANGES.has(ev.type)) void refreshTotals();
    });
    const reconnects = bus.connection$
      .pipe(
        skip(1),
        rxFilter((c) => c === 'connected'),
      )
      .subscribe(joinThenLoad);
    return () => {
      alive = false;
      events.unsubscribe();
      reconnects.unsubscribe();
      bus.emit('taskBoard_leaveBoard', boardId);
    };
  }, [boardId, reload, refreshTotals]);

  // lanes the server renumbered, or new ones, load again
  useEffect(() => {
    if (!state?.stale.length) return;
    const stale = state.stale;
    setState((s) => (s ? { ...s, stale: [] } : s));
    for (const laneId of stale) void loadLane(laneId, true);
  }, [state?.stale, loadLane]);

  // a new filter asks the server again
  useEffect(() => {
    const s = stateRef.current;
    if (s) for (const l of s.board.lanes) void loadLane(l.id, true);
  }, [filter.search, filter.assignedTo, loadLane]);

  /** Sends a card event; a move shows at once and the server's answer settles it. */
  const send = useCallback(
    (event: TaskCardEvent): Promise<TaskBoardAck> =>
      new Promise((resolve) => {
        if (event.type === 'MOVE_CARD') setState((s) => (s ? moveLocally(s, event.cardId, event.toLaneId, event.index) : s));
        bus.emit('taskBoard_updateCard', { boardId, event }, (res: TaskBoardAck) => {
          if (!res.ok) {
            toast({ kind: 'error', message: res.message });
            if (event.type === 'MOVE_CARD') void reload();
          } else void refreshTotals();
          resolve(res);
        });
      }),
    [boardId, reload, refreshTotals],
  );

  return { state, error, loadLane, reload, send };
}
