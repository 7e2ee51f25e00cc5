import { act, renderHook, waitFor } from '@testing-library/react';
import { bus, hostControls } from '@agency/bus';
import { taskBoardsApi } from '@agency/api-client';
import type { TaskBoard, TaskBoardAck, TaskCard } from '@agency/contracts';
import { useBoard } from './useBoard';

jest.mock('@agency/api-client', () => ({ errorMessage: (err: Error) => err.message, taskBoardsApi: { get: jest.fn(), cards: jest.fn() } }));
const api = taskBoardsApi as jest.Mocked<typeof taskBoardsApi>;

const board = (over: Partial<TaskBoard> = {}): TaskBoard => ({
  id: 'b1',
  boardname: 'Renewals',
  description: '',
  total: 1,
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
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
const card = { id: 'c1', order: 1, laneId: 'L1', title: 'Call back', taskBoardId: 'b1' } as TaskCard;
const filter = { search: '', assignedTo: 'all' as const, userId: 'u1' };

beforeEach(() => {
  jest.resetAllMocks();
  api.cards.mockImplementation(async (_b, lane) => ({ cards: lane === 'L1' ? [card] : [] }) as never);
  jest.spyOn(bus, 'emit').mockImplementation(((event: string, ...args: unknown[]) => {
    const ack = args[args.length - 1];
    if (event === 'taskBoard_updateCard' && typeof ack === 'function') (ack as (r: TaskBoardAck) => void)({ ok: true } as TaskBoardAck);
  }) as typeof bus.emit);
});

test("a card dragged to the last lane moves the board's progress without a reload", async () => {
  api.get.mockResolvedValueOnce(board());
  const { result } = renderHook(() => useBoard('b1', filter));
  await waitFor(() => expect(result.current.state?.lanes.L1?.cards).toHaveLength(1));
  expect(result.current.state?.board.progress).toBe(0);

  api.get.mockResolvedValueOnce(board({ progress: 1, completed: 1 }));
  await act(() => result.current.send({ type: 'MOVE_CARD', cardId: 'c1', fromLaneId: 'L1', toLaneId: 'L2', index: 0 } as never));
  await waitFor(() => expect(result.current.state?.board).toMatchObject({ progress: 1, completed: 1 }));
  expect(result.current.state?.lanes.L2?.cards.map((c) => c.id)).toEqual(['c1']);
});

test("a colleague's move on the same board updates the figures too", async () => {
  api.get.mockResolvedValueOnce(board());
  const { result } = renderHook(() => useBoard('b1', filter));
  await waitFor(() => expect(result.current.state?.lanes.L1?.cards).toHaveLength(1));
  api.get.mockResolvedValueOnce(board({ progress: 1 }));
  act(() => hostControls().receive({ event: 'taskboard', payload: { type: 'MOVE_CARD', boardId: 'b1', seq: 5, card: { ...card, laneId: 'L2' } } } as never));
  await waitFor(() => expect(result.current.state?.board.progress).toBe(1));
});

test('the board loads once the server has joined it to its room, and again when a change comes while it loads', async () => {
  jest.spyOn(bus.connection$, 'value', 'get').mockReturnValue('connected');
  let joined: ((r: TaskBoardAck) => void) | null = null;
  jest.spyOn(bus, 'emit').mockImplementation(((event: string, ...args: unknown[]) => {
    if (event === 'taskBoard_joinBoard') joined = args[args.length - 1] as (r: TaskBoardAck) => void;
  }) as typeof bus.emit);
  // the first load reads the lanes before a colleague's card is added; what it reads comes back after the news
  let readLanes: (() => void) | null = null;
  api.get.mockResolvedValue(board());
  api.cards.mockImplementationOnce(() => new Promise((done) => (readLanes = () => done({ cards: [] } as never))));
  api.cards.mockImplementation(async (_b, lane) => ({ cards: lane === 'L1' ? [card] : [] }) as never);

  const { result } = renderHook(() => useBoard('b1', filter));
  expect(joined).not.toBeNull();
  expect(api.get).not.toHaveBeenCalled();
  act(() => joined!({ ok: true } as TaskBoardAck));
  await waitFor(() => expect(readLanes).not.toBeNull());
  act(() => hostControls().receive({ event: 'taskboard', payload: { type: 'ADD_CARD', boardId: 'b1', seq: 7, card } } as never));
  await act(async () => readLanes!());
  await waitFor(() => expect(result.current.state?.lanes.L1?.cards.map((c) => c.id)).toEqual(['c1']));
});
