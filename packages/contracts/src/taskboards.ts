import { z } from 'zod';
import { hexColorSchema, idSchema } from './common';
import { userSchema } from './user';

/** Cards load this many at a time; a lane is at its end when fewer come back. */
export const TASK_CARDS_PAGE_SIZE = 10;
export const TASK_CARD_SORTS = ['order, _id', 'dueOn, _id', 'title, _id', 'createdAt, _id'] as const;
export const TASK_CARD_REPEATS = ['none', 'daily', 'weekly', 'monthly'] as const;
export type TaskCardRepeat = (typeof TASK_CARD_REPEATS)[number];
export const TASK_CARD_EVENTS = ['MOVE_CARD', 'ADD_CARD', 'DELETE_CARD', 'UPDATE_CARD'] as const;
export type TaskCardEventType = (typeof TASK_CARD_EVENTS)[number];

/** Messages the task boards show word for word. */
export const TASKBOARD_MESSAGES = {
  cardNotFound: 'Error finding card to update.',
  loadFailed: 'Unable to load taskboards',
  clearLane: (title: string) => `Sure you want to clear the ${title} lane?`,
  unknownEvent: 'Unknown card event.',
  boardNotFound: 'Task board not found',
  laneNotFound: 'Lane not found',
  addFirstLaneOnly: 'Cards can only be added to the first lane.',
  taggedBoardAdd: 'Cards of a board with assigned tags come from its tags.',
  taggedBoardDelete: 'Cards of a board with assigned tags cannot be deleted.',
  laneHasCards: (label: string) => `The ${label} lane still has cards. Clear it before deleting it.`,
  notBoardUser: 'The assignee must be one of the board users.',
  clientNotFound: 'Client not found',
} as const;

export const taskLaneSchema = z.object({ id: idSchema, label: z.string() });
export type TaskLane = z.infer<typeof taskLaneSchema>;

/** A tag as a board refers to it. */
export const taskBoardTagSchema = z.object({ id: idSchema, name: z.string() });
export type TaskBoardTag = z.infer<typeof taskBoardTagSchema>;

/** A user as a board or card refers to them. */
export const taskUserSchema = userSchema.pick({ id: true, firstName: true, lastName: true, avatar: true });
export type TaskUser = z.infer<typeof taskUserSchema>;

export const taskBoardSchema = z.object({
  id: idSchema,
  boardname: z.string(),
  description: z.string(),
  /** Open cards on the board. */
  total: z.number().int(),
  /** Open cards assigned to the asking user. */
  assigned: z.number().int(),
  /** Cards that left the first lane (completed ones included). */
  progress: z.number().int(),
  /** Cards in the last lane. */
  completed: z.number().int(),
  /** Cards past their due date that are not completed. */
  pastDue: z.number().int(),
  monitor: z.boolean(),
  /** A monitored board with a card past its due date. */
  monitorAlert: z.boolean(),
  assignedTag: z.array(taskBoardTagSchema),
  /** Empty: everyone in the agency may use the board. */
  allowedUsers: z.array(idSchema),
  lanes: z.array(taskLaneSchema),
  users: z.array(taskUserSchema),
  updatedAt: z.string(),
});
export type TaskBoard = z.infer<typeof taskBoardSchema>;

export const taskCardClientSchema = z.object({ id: idSchema, name: z.string() });
export const tagStyleSchema = z.object({ color: z.string().max(40).optional(), backgroundColor: z.string().max(40).optional() });

export const taskCardSchema = z.object({
  id: idSchema,
  order: z.number(),
  laneId: idSchema,
  taskBoardId: idSchema,
  taskBoardName: z.string(),
  taskBoardDescription: z.string(),
  client: taskCardClientSchema.nullable(),
  clientType: z.string().nullable(),
  title: z.string(),
  details: z.string(),
  body: z.string(),
  dueOn: z.string().nullable(),
  cardColor: z.string().nullable(),
  subTitle: z.string().nullable(),
  tagStyle: tagStyleSchema.nullable(),
  escalationText: z.string().nullable(),
  tags: z.array(z.string()),
  assignedTo: taskUserSchema.nullable(),
  assignedOn: z.string().nullable(),
  repeat: z.enum(TASK_CARD_REPEATS),
  /** How the card came to be: added by a person, kept by a board's tags, or repeated from an earlier card. */
  source: z.enum(['manual', 'tag', 'repeat']),
  createdBy: idSchema.nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TaskCard = z.infer<typeof taskCardSchema>;

const laneInputSchema = z.object({
  id: idSchema.optional(),
  label: z.string().trim().min(1, 'Every lane needs a name').max(60, 'A lane name is at most 60 characters'),
});
export const taskBoardInputSchema = z.object({
  boardname: z.string().trim().min(1, 'Board name is required').max(100, 'Board name is at most 100 characters'),
  description: z.string().trim().max(2000, 'Description is at most 2000 characters').default(''),
  monitor: z.boolean().default(false),
  assignedTag: z.array(idSchema).max(20, 'At most 20 tags').default([]),
  allowedUsers: z.array(idSchema).max(500).default([]),
  lanes: z.array(laneInputSchema).min(1, 'A board needs at least one lane').max(20, 'A board has at most 20 lanes'),
});
export type TaskBoardInput = z.input<typeof taskBoardInputSchema>;
export const taskBoardUpdateSchema = taskBoardInputSchema.partial();
export type TaskBoardUpdate = z.input<typeof taskBoardUpdateSchema>;

export const taskBoardParamsSchema = z.object({ id: idSchema });
export const taskLaneParamsSchema = z.object({ id: idSchema, laneId: idSchema });
export const taskClientParamsSchema = z.object({ clientId: idSchema });

export const taskCardsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TASK_CARDS_PAGE_SIZE),
  sort: z.enum(TASK_CARD_SORTS).default('order, _id'),
  search: z.string().trim().max(200).optional(),
  /** 'me', 'none' or a user id. */
  assignedTo: z.union([z.enum(['me', 'none']), idSchema]).optional(),
  clientId: idSchema.optional(),
  /** Keyset paging: cards after this (order, id) in the lane. */
  afterOrder: z.coerce.number().optional(),
  afterId: idSchema.optional(),
  pastDue: z.enum(['true', 'false']).optional(),
});
export type TaskCardsQuery = z.input<typeof taskCardsQuerySchema>;
export const taskCardPageSchema = z.object({ cards: z.array(taskCardSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type TaskCardPage = z.infer<typeof taskCardPageSchema>;

/** A contact's place on the boards: one entry per open card. */
export const clientTaskBoardSchema = z.object({
  card: taskCardSchema,
  taskBoard: z.object({ id: idSchema, boardname: z.string() }),
  taskBoardLane: taskLaneSchema,
  lanes: z.array(taskLaneSchema),
});
export type ClientTaskBoard = z.infer<typeof clientTaskBoardSchema>;

const dueOnSchema = z.string().datetime({ offset: true, message: 'Due date must be a date' }).nullable();
/** Fields a person writes on a card. */
export const taskCardFieldsSchema = z.object({
  title: z.string().trim().max(200, 'Title is at most 200 characters'),
  details: z.string().max(5000, 'Details are at most 5000 characters'),
  body: z.string().max(20_000, 'Body is at most 20000 characters'),
  clientId: idSchema.nullable(),
  clientType: z.string().max(40).nullable(),
  dueOn: dueOnSchema,
  cardColor: hexColorSchema.nullable(),
  subTitle: z.string().max(200).nullable(),
  tagStyle: tagStyleSchema.nullable(),
  escalationText: z.string().max(500).nullable(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  assignedTo: idSchema.nullable(),
  repeat: z.enum(TASK_CARD_REPEATS),
});
export type TaskCardFields = z.infer<typeof taskCardFieldsSchema>;

export const moveCardEventSchema = z.object({
  type: z.literal('MOVE_CARD'),
  cardId: idSchema,
  fromLaneId: idSchema,
  toLaneId: idSchema,
  index: z.number().int().min(0),
});
export const addCardEventSchema = z.object({
  type: z.literal('ADD_CARD'),
  laneId: idSchema,
  card: taskCardFieldsSchema.partial().extend({ title: z.string().trim().max(200, 'Title is at most 200 characters').default('') }),
});
export const deleteCardEventSchema = z.object({ type: z.literal('DELETE_CARD'), cardId: idSchema, laneId: idSchema.optional() });
export const updateCardEventSchema = z.object({ type: z.literal('UPDATE_CARD'), cardId: idSchema, card: taskCardFieldsSchema.partial() });
export const taskCardEventSchema = z.discriminatedUnion('type', [moveCardEventSchema, addCardEventSchema, deleteCardEventSchema, updateCardEventSchema]);
export type TaskCardEvent = z.input<typeof taskCardEventSchema>;
export type MoveCardEvent = z.infer<typeof moveCardEventSchema>;

export interface TaskBoardUpdateCardPayload {
  boardId: string;
  event: TaskCardEvent;
}
export type TaskBoardAck = { ok: true; card?: TaskCard; seq?: number } | { ok: false; message: string };

/**
 * What 'taskboard' carries to everyone on a board. `seq` grows with every change of the board's
 * cards, so a screen can drop a change older than what it already shows.
 */
export type TaskBoardServerEvent =
  | { boardId: string; seq: number; type: 'MOVE_CARD'; card: TaskCard; fromLaneId: string; toLaneId: string; index: number; by: string }
  | { boardId: string; seq: number; type: 'ADD_CARD'; card: TaskCard; by: string | null }
  | { boardId: string; seq: number; type: 'DELETE_CARD'; cardId: string; laneId: string; by: string | null }
  | { boardId: string; seq: number; type: 'UPDATE_CARD'; card: TaskCard; by: string | null }
  | { boardId: string; seq: number; type: 'CLEAR_LANE'; laneId: string; by: string }
  /** The lane's cards were renumbered: load it again. */
  | { boardId: string; seq: number; type: 'LANE_REORDERED'; laneId: string }
  | { boardId: string; seq: number; type: 'BOARD_UPDATED'; board: TaskBoard }
  | { boardId: string; seq: number; type: 'BOARD_DELETED' };

/** The asking user's active task: what they are working on now. */
export const activeTaskSchema = z.object({ card: taskCardSchema.nullable() });
export type ActiveTask = z.infer<typeof activeTaskSchema>;
export const setActiveTaskSchema = z.object({ cardId: idSchema });

declare module './socket' {
  interface ServerToClientEvents {
    taskboard: (event: TaskBoardServerEvent) => void;
    /** How many of the user's task alerts are open now: feeds the Tasks badge. */
    taskBoard_alerts: (payload: { count: number }) => void;
    taskBoard_activeTask: (payload: ActiveTask) => void;
  }
  interface ClientToServerEvents {
    taskBoard_joinBoard: (boardId: string, ack?: (res: TaskBoardAck) => void) => void;
    taskBoard_leaveBoard: (boardId: string) => void;
    taskBoard_updateCard: (payload: TaskBoardUpdateCardPayload, ack?: (res: TaskBoardAck) => void) => void;
  }
}
