import type { Role, ServerEventName, ServerEventPayload, TaskBoardServerEvent } from '@agency/contracts';
import type { Db } from '../../db/index';
import type { AppNamespace, RealtimePush } from '../../realtime/index';

/*
 * Where the task boards send their realtime events from HTTP routes, jobs and socket handlers.
 * They go through the core realtime path (an account's namespace from `nsFor`), so with Redis they
 * reach every API process, including when this one has no socket of that account. Each account's
 * emits leave in the order they were made. Keyed by the database handle, so two servers in one
 * process (tests) never cross.
 */
type NsFor = (accountId: string) => Promise<AppNamespace | null>;
const publishers = new WeakMap<object, { nsFor: NsFor; chains: Map<string, Promise<unknown>> }>();
/** Accounts whose sockets connected to this process, for the ticker's alert pushes. */
const connected = new WeakMap<object, Set<string>>();

/** Started with the realtime server: from then on task-board events are sent. */
export const taskBoardsPush: RealtimePush = ({ db, nsFor }) => {
  publishers.set(db, { nsFor, chains: new Map() });
  return () => publishers.delete(db);
};

export function rememberAccount(db: Db, accountId: string) {
  if (!connected.has(db)) connected.set(db, new Set());
  connected.get(db)!.add(accountId);
}

/** The accounts with sockets on this process, for jobs that push to whoever is online. */
export const knownAccounts = (db: Db): string[] => [...(connected.get(db) ?? [])];

/** Runs `emit` on the account's namespace after the account's earlier emits. */
function emitTo(db: Db, accountId: string, emit: (nsp: AppNamespace) => void): Promise<void> {
  const publisher = publishers.get(db);
  if (!publisher) return Promise.resolve();
  const previous = publisher.chains.get(accountId) ?? Promise.resolve();
  const next = previous
    .then(() => publisher.nsFor(accountId))
    .then((nsp) => {
      if (nsp) emit(nsp);
    })
    .catch((err: unknown) => console.error('taskboard publish:', err));
  publisher.chains.set(accountId, next);
  void next.finally(() => {
    if (publisher.chains.get(accountId) === next) publisher.chains.delete(accountId);
  });
  return next;
}

/** The account's namespace (every process's sockets through Redis), or null before realtime starts. */
export async function namespaceOf(db: Db, accountId: string): Promise<AppNamespace | null> {
  return (await publishers.get(db)?.nsFor(accountId)) ?? null;
}

export const boardRoom = (boardId: string) => `taskboard:${boardId}`;

export function pushToBoard(db: Db, accountId: string, event: TaskBoardServerEvent): Promise<void> {
  return emitTo(db, accountId, (nsp) => nsp.to(boardRoom(event.boardId)).emit('taskboard', event));
}

export function pushToUser<E extends ServerEventName>(db: Db, accountId: string, userId: string, event: E, payload: ServerEventPayload<E>): Promise<void> {
  return emitTo(db, accountId, (nsp) => (nsp.to(`user:${userId}`).emit as unknown as (e: string, p: unknown) => void)(event, payload));
}

/**
 * After a board's allowed users changed: screens of people who may no longer use it are told it
 * is gone for them and leave its room (on every process), before anything else is sent there.
 */
export async function evictFromBoard(db: Db, accountId: string, boardId: string, mayUse: (who: { userId: string; role: Role }) => boolean): Promise<void> {
  const nsp = await namespaceOf(db, accountId);
  if (!nsp) return;
  for (const socket of await nsp.in(boardRoom(boardId)).fetchSockets()) {
    const { userId, role } = socket.data.auth;
    if (mayUse({ userId, role })) continue;
    socket.emit('taskboard', { boardId, seq: 0, type: 'BOARD_DELETED' });
    socket.leave(boardRoom(boardId));
  }
}
