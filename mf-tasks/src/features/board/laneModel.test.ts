import type { TaskBoard, TaskBoardServerEvent, TaskCard } from '@agency/contracts';
import { appendPage, applyServerEvent, emptyLane, initialState, laneTitle, matchesFilter, moveLocally, placeCard, type BoardState } from './laneModel';

const board: TaskBoard = {
  id: 'b1',
  boardname: 'Renewals',
  description: '',
  total: 0,
  assigned: 0,
  progress: 0,
  completed: 0,
  pastDue: 0,
  monitor: false,
  monitorAlert: false,
  assignedTag: [],
  allowedUsers: [],
  lanes: [
    { id: 'L1', label: 'To do' },
    { id: 'L2', label: 'Done' },
  ],
  users: [],
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const card = (id: string, laneId: string, order: number, extra: Partial<TaskCard> = {}): TaskCard => ({
  id,
  order,
  laneId,
  taskBoardId: 'b1',
  taskBoardName: 'Renewals',
  taskBoardDescription: '',
  client: null,
  clientType: null,
  title: id,
  details: '',
  body: '',
  dueOn: null,
  cardColor: null,
  subTitle: null,
  tagStyle: null,
  escalationText: null,
  tags: [],
  assignedTo: null,
  assignedOn: null,
  repeat: 'none',
  source: 'manual',
  createdBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  closedAt: null,
  ...extra,
});

function loaded(cards: Record<string, TaskCard[]>, end = true): BoardState {
  const s = initialState(board);
  for (const [lane, list] of Object.entries(cards)) s.lanes[lane] = appendPage(emptyLane(), list, end ? list.length + 1 : list.length);
  return s;
}
const ids = (s: BoardState, lane: string) => s.lanes[lane].cards.map((c) => c.id);
const move = (seq: number, c: TaskCard, from: string): TaskBoardServerEvent => ({
  boardId: 'b1',
  seq,
  type: 'MOVE_CARD',
  card: c,
  fromLaneId: from,
  toLaneId: c.laneId,
  index: 0,
  by: 'u',
});

describe('lane model', () => {
  it('labels a lane with its count and + while more remain', () => {
    expect(laneTitle('To do', { ...emptyLane(), cards: [card('a', 'L1', 0)], end: false })).toBe('To do (1+)');
    expect(laneTitle('To do', { ...emptyLane(), cards: [card('a', 'L1', 0)], end: true })).toBe('To do (1)');
  });

  it('keeps each card once when pages overlap, and ends a lane on a short page', () => {
    const first = appendPage(emptyLane(), [card('a', 'L1', 1), card('b', 'L1', 2)], 2);
    expect(first.end).toBe(false);
    const second = appendPage(first, [card('b', 'L1', 2), card('c', 'L1', 3)], 10);
    expect(second.cards.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(second.end).toBe(true);
  });

  it('places a moved card by its order, and leaves one past the loaded cards for a later page', () => {
    const s = loaded({ L1: [card('a', 'L1', 1), card('b', 'L1', 3)] }, false);
    const lanes = placeCard(s.lanes, card('x', 'L1', 2));
    expect(lanes.L1.cards.map((c) => c.id)).toEqual(['a', 'x', 'b']);
    const later = placeCard(s.lanes, card('y', 'L1', 99));
    expect(later.L1.cards.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('drops news about a card older than what it shows', () => {
    let s = loaded({ L1: [card('a', 'L1', 1)], L2: [] });
    s = applyServerEvent(s, move(5, card('a', 'L2', 1), 'L1'));
    s = applyServerEvent(s, move(4, card('a', 'L1', 1), 'L2'));
    expect(ids(s, 'L1')).toEqual([]);
    expect(ids(s, 'L2')).toEqual(['a']);
  });

  it('ends with the same lanes whatever order the events arrive in', () => {
    const start = () => loaded({ L1: [card('a', 'L1', 1), card('b', 'L1', 2), card('c', 'L1', 3)], L2: [] });
    const events = [
      move(1, card('c', 'L1', 0.5), 'L1'),
      move(2, card('a', 'L2', 0), 'L1'),
      move(3, card('b', 'L1', 0.25), 'L1'),
      move(4, card('c', 'L2', -1), 'L1'),
    ];
    const forward = events.reduce((s, e) => applyServerEvent(s, e), start());
    const backward = [...events].reverse().reduce((s, e) => applyServerEvent(s, e), start());
    expect(ids(forward, 'L1')).toEqual(ids(backward, 'L1'));
    expect(ids(forward, 'L2')).toEqual(ids(backward, 'L2'));
    expect(ids(forward, 'L1')).toEqual(['b']);
    expect(ids(forward, 'L2')).toEqual(['c', 'a']);
  });

  it('moves a card on screen at once, between its new neighbours', () => {
    const s = loaded({ L1: [card('a', 'L1', 1), card('b', 'L1', 2)], L2: [card('c', 'L2', 10), card('d', 'L2', 20)] });
    const moved = moveLocally(s, 'a', 'L2', 1);
    expect(ids(moved, 'L1')).toEqual(['b']);
    expect(ids(moved, 'L2')).toEqual(['c', 'a', 'd']);
    expect(moved.lanes.L2.cards[1].order).toBe(15);
  });

  it('clears a lane, removes deleted cards and follows board changes', () => {
    let s = loaded({ L1: [card('a', 'L1', 1), card('b', 'L1', 2)], L2: [card('c', 'L2', 1)] });
    s = applyServerEvent(s, { boardId: 'b1', seq: 9, type: 'DELETE_CARD', cardId: 'a', laneId: 'L1', by: null });
    expect(ids(s, 'L1')).toEqual(['b']);
    s = applyServerEvent(s, { boardId: 'b1', seq: 10, type: 'CLEAR_LANE', laneId: 'L2', by: 'u' });
    expect(ids(s, 'L2')).toEqual([]);
    s = applyServerEvent(s, { boardId: 'b1', seq: 11, type: 'BOARD_UPDATED', board: { ...board, lanes: [...board.lanes, { id: 'L3', label: 'Review' }] } });
    expect(s.stale).toEqual(['L3']);
    expect(applyServerEvent(s, { boardId: 'other', seq: 12, type: 'BOARD_DELETED' }).deleted).toBe(false);
    expect(applyServerEvent(s, { boardId: 'b1', seq: 12, type: 'BOARD_DELETED' }).deleted).toBe(true);
  });

  it('filters by text and assignee', () => {
    const mine = card('a', 'L1', 1, { title: 'Call Jones', assignedTo: { id: 'me', firstName: 'M', lastName: 'E', avatar: null } });
    expect(matchesFilter(mine, { search: 'jones', assignedTo: 'me', userId: 'me' })).toBe(true);
    expect(matchesFilter(mine, { search: '', assignedTo: 'none', userId: 'me' })).toBe(false);
    expect(matchesFilter(mine, { search: 'smith', assignedTo: 'all', userId: 'me' })).toBe(false);
  });
});
