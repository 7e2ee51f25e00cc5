import type { ServerEventName, ServerEventPayload, TaskBoardServerEvent } from '@agency/contracts';
import type { Db } from '../../db/index';
import type { AppNamespace } from '../../realtime/index';

/**
 * Where the task boards send their realtime events from HTTP routes and jobs as well as from
 * socket handlers. A namespace is remembered when one of its account's sockets connects; until
 * then nobody of that account is listening here, and nothing needs sending.
 * Keyed by the database handle, so two servers in one process (tests) never cross.
 */
const namespaces = new WeakMap<object, Map<string, AppNamespace>>();

export function rememberNamespace(db: Db, accountId: string, nsp: AppNamespace) {
  if (!namespaces.has(db)) namespaces.set(db, new Map());
  namespaces.get(db)!.set(accountId, nsp);
}

export const namespaceOf = (db: Db, accountId: string): AppNamespace | undefined => namespaces.get(db)?.get(accountId);

export const boardRoom = (boardId: string) => `taskboard:${boardId}`;

export function toBoard(db: Db, accountId: string, event: TaskBoardServerEvent) {
  namespaceOf(db, accountId)?.to(boardRoom(event.boardId)).emit('taskboard', event);
}

export function toUser<E extends ServerEventName>(db: Db, accountId: string, userId: string, event: E, payload: ServerEventPayload<E>) {
  const nsp = namespaceOf(db, accountId);
  if (!nsp) return;
  (nsp.to(`user:${userId}`).emit as unknown as (e: string, p: unknown) => void)(event, payload);
}

/** The accounts with a namespace on this process, for jobs that push to whoever is online. */
export function knownAccounts(db: Db): Array<[string, AppNamespace]> {
  return [...(namespaces.get(db)?.entries() ?? [])];
}
