import type {
  ActiveTask,
  ClientTaskBoard,
  TaskBoard,
  TaskBoardInput,
  TaskBoardUpdate,
  TaskCardPage,
  TaskCardsQuery,
  TaskLane,
  TaskUser,
} from '@agency/contracts';
import { api } from './index';

/** Cache-bypass headers for a refresh the user asked for. */
const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const taskBoardsApi = {
  list: (refresh = false) => api.get<TaskBoard[]>('/taskboard', { headers: refresh ? NO_CACHE : undefined }).then((r) => r.data),
  get: (id: string) => api.get<TaskBoard>(`/taskboard/${id}`).then((r) => r.data),
  create: (board: TaskBoardInput) => api.post<TaskBoard>('/taskboard', board).then((r) => r.data),
  update: (id: string, board: TaskBoardUpdate) => api.put<TaskBoard>(`/taskboard/${id}`, board).then((r) => r.data),
  remove: (id: string) => api.delete<{ message: string }>(`/taskboard/${id}`).then((r) => r.data),
  cards: (id: string, laneId: string, query: TaskCardsQuery = {}) =>
    api.get<TaskCardPage>(`/taskboard/${id}/${laneId}/cards`, { params: { page: 1, limit: 10, sort: 'order, _id', ...query } }).then((r) => r.data),
  users: (id: string) => api.get<TaskUser[]>(`/taskboard/${id}/users`).then((r) => r.data),
  lanes: (id: string) => api.get<TaskLane[]>(`/taskboard/${id}/lanes`).then((r) => r.data),
  clearLane: (id: string, laneId: string) => api.delete<{ cleared: number }>(`/taskboard/${id}/lanes/${laneId}`).then((r) => r.data),
  forClient: (clientId: string) => api.get<ClientTaskBoard[]>(`/taskboard/client/${clientId}`).then((r) => r.data),
  active: () => api.get<ActiveTask>('/taskboard/active').then((r) => r.data.card),
  setActive: (cardId: string) => api.put<ActiveTask>('/taskboard/active', { cardId }).then((r) => r.data.card),
  setAside: () => api.delete<ActiveTask>('/taskboard/active').then(() => null),
};
