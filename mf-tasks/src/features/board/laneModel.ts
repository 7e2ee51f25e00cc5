import { TASK_CARDS_PAGE_SIZE, type TaskBoard, type TaskBoardServerEvent, type TaskCard } from '@agency/contracts';

/** What a screen shows of one lane: the cards loaded so far, in the server's order. */
export interface LaneState {
  cards: TaskCard[];
  /** Fewer than a page came back: nothing more to load. */
  end: boolean;
  loading: boolean;
  error: string | null;
}

export interface BoardState {
  board: TaskBoard;
  lanes: Record<string, LaneState>;
  /** The change number each card was last seen at: older news about it is dropped. */
  seen: Record<string, number>;
  /** Lanes to load again from the first page. */
  stale: string[];
  deleted: boolean;
}

export interface CardFilter {
  search: string;
  assignedTo: 'all' | 'me' | 'none';
  userId: string;
}

export const emptyLane = (): LaneState => ({ cards: [], end: false, loading: false, error: null });

export function initialState(board: TaskBoard): BoardState {
  return { board, lanes: Object.fromEntries(board.lanes.map((l) => [l.id, emptyLane()])), seen: {}, stale: [], deleted: false };
}

/** The server's order: order, then id. */
export const compareCards = (a: Pick<TaskCard, 'order' | 'id'>, b: Pick<TaskCard, 'order' | 'id'>) =>
  a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function matchesFilter(card: TaskCard, f: CardFilter | null): boolean {
  if (!f) return true;
  if (f.assignedTo === 'me' && card.assignedTo?.id !== f.userId) return false;
  if (f.assignedTo === 'none' && card.assignedTo) return false;
  const q = f.search.trim().toLowerCase();
  if (q && ![card.title, card.details, card.client?.name ?? ''].some((t) => t.toLowerCase().includes(q))) return false;
  return true;
}

/** The lane label: its card count, with '+' while more remain to load. */
export const laneTitle = (label: string, lane: LaneState) => `${label} (${lane.cards.length}${lane.end ? '' : '+'})`;

function without(lanes: Record<string, LaneState>, cardId: string): Record<string, LaneState> {
  const out: Record<string, LaneState> = {};
  for (const [id, lane] of Object.entries(lanes)) {
    out[id] = lane.cards.some((c) => c.id === cardId) ? { ...lane, cards: lane.cards.filter((c) => c.id !== cardId) } : lane;
  }
  return out;
}

/**
 * Puts a card where its lane and order say. A card that sorts after the last loaded card of a lane
 * that has more to load is left for the lane's next page.
 */
export function placeCard(lanes: Record<string, LaneState>, card: TaskCard, filter: CardFilter | null = null): Record<string, LaneState> {
  const next = without(lanes, card.id);
  const lane = next[card.laneId];
  if (!lane || card.closedAt || !matchesFilter(card, filter)) return next;
  const last = lane.cards[lane.cards.length - 1];
  if (!lane.end && (!last || compareCards(card, last) > 0)) return next;
  const cards = [...lane.cards, card].sort(compareCards);
  return { ...next, [card.laneId]: { ...lane, cards } };
}

/** Adds a page of cards to a lane, keeping each card once. */
export function appendPage(lane: LaneState, cards: TaskCard[], requested = TASK_CARDS_PAGE_SIZE): LaneState {
  const byId = new Map(lane.cards.map((c) => [c.id, c]));
  for (const c of cards) byId.set(c.id, c);
  return { ...lane, cards: [...byId.values()].sort(compareCards), end: cards.length < requested, loading: false, error: null };
}

/** Applies what the server says happened on the board. */
export function applyServerEvent(state: BoardState, ev: TaskBoardServerEvent, filter: CardFilter | null = null): BoardState {
  if (ev.boardId !== state.board.id) return state;
  switch (ev.type) {
    case 'MOVE_CARD':
    case 'ADD_CARD':
    case 'UPDATE_CARD': {
      if ((state.seen[ev.card.id] ?? -1) > ev.seq) return state;
      return { ...state, lanes: placeCard(state.lanes, ev.card, filter), seen: { ...state.seen, [ev.card.id]: ev.seq } };
    }
    case 'DELETE_CARD':
      return { ...state, lanes: without(state.lanes, ev.cardId), seen: { ...state.seen, [ev.cardId]: Number.MAX_SAFE_INTEGER } };
    case 'CLEAR_LANE': {
      const lane = state.lanes[ev.laneId];
      if (!lane) return state;
      return { ...state, lanes: { ...state.lanes, [ev.laneId]: { ...lane, cards: [], end: true } } };
    }
    case 'LANE_REORDERED':
      return { ...state, stale: [...new Set([...state.stale, ev.laneId])] };
    case 'BOARD_UPDATED': {
      const lanes: Record<string, LaneState> = {};
      const fresh: string[] = [];
      for (const l of ev.board.lanes) {
        lanes[l.id] = state.lanes[l.id] ?? emptyLane();
        if (!state.lanes[l.id]) fresh.push(l.id);
      }
      return { ...state, board: ev.board, lanes, stale: [...new Set([...state.stale, ...fresh])] };
    }
    case 'BOARD_DELETED':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/**
 * Moves a card on this screen at once, the way the server will: `index` is its place in the
 * target lane with the card itself left out. The server's answer then settles it everywhere.
 */
export function moveLocally(state: BoardState, cardId: string, toLaneId: string, index: number): BoardState {
  const card = Object.values(state.lanes)
    .flatMap((l) => l.cards)
    .find((c) => c.id === cardId);
  const target = state.lanes[toLaneId];
  if (!card || !target) return state;
  const others = target.cards.filter((c) => c.id !== cardId);
  const at = Math.max(0, Math.min(index, others.length));
  const prev = others[at - 1];
  const next = others[at];
  const order = prev && next ? (prev.order + next.order) / 2 : prev ? prev.order + 1024 : next ? next.order - 1024 : 0;
  const moved = { ...card, laneId: toLaneId, order };
  const lanes = without(state.lanes, cardId);
  const cards = [...others.slice(0, at), moved, ...others.slice(at)];
  return { ...state, lanes: { ...lanes, [toLaneId]: { ...lanes[toLaneId], cards } } };
}

export const findCard = (state: BoardState, cardId: string): TaskCard | undefined =>
  Object.values(state.lanes)
    .flatMap((l) => l.cards)
    .find((c) => c.id === cardId);
