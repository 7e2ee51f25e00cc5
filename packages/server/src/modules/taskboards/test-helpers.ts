import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import type { TaskBoard, TaskBoardAck, TaskBoardInput, TaskBoardServerEvent, TaskCardEvent } from '@agency/contracts';
import type { Queryable } from '../../db/index';
import { bearer, DEMO, SECOND, signIn } from '../../testing/harness';

export type Session = Awaited<ReturnType<typeof signIn>>;

/** The owner of the second agency: the outsider every tenancy check signs in as. */
export const signInOutsider = (app: FastifyInstance) => signIn(app, 'owner@second.test', SECOND as typeof DEMO);

export async function createBoard(app: FastifyInstance, token: string, input: Partial<TaskBoardInput> = {}): Promise<TaskBoard> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/taskboard',
    headers: bearer(token),
    payload: { boardname: 'Renewals', lanes: [{ label: 'To do' }, { label: 'Doing' }, { label: 'Done' }], ...input },
  });
  if (res.statusCode !== 201) throw new Error(`create board: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface TestSocket {
  socket: Socket;
  events: TaskBoardServerEvent[];
  other: Array<{ event: string; payload: unknown }>;
  send(boardId: string, event: TaskCardEvent): Promise<TaskBoardAck>;
  join(boardId: string): Promise<TaskBoardAck>;
  close(): void;
}

/** A socket of the session's account namespace, recording what it receives. */
export async function connectSocket(url: string, session: Session): Promise<TestSocket> {
  const socket = io(`${url}/${session.account.dbName}`, {
    transports: ['websocket'],
    auth: { token: session.token },
    query: { userId: session.user.id, name: 'test', version: 'test', device: 'desktop' },
    forceNew: true,
    reconnection: false,
  });
  const events: TaskBoardServerEvent[] = [];
  const other: Array<{ event: string; payload: unknown }> = [];
  socket.on('taskboard', (e: TaskBoardServerEvent) => events.push(e));
  socket.onAny((event: string, payload: unknown) => event !== 'taskboard' && other.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    other,
    send: (boardId, event) => socket.timeout(10_000).emitWithAck('taskBoard_updateCard', { boardId, event }),
    join: (boardId) => socket.timeout(10_000).emitWithAck('taskBoard_joinBoard', boardId),
    close: () => void socket.disconnect(),
  };
}

/** Waits until `check` passes, polling every 10 ms (up to 5 s). */
export async function eventually(check: () => boolean, what = 'condition'): Promise<void> {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A client and tags written straight to the contacts module's tables. */
export async function insertClient(q: Queryable, accountId: string, firstName: string, lastName: string): Promise<string> {
  const id = randomUUID();
  await q.query('insert into clients (id, account_id, data, sort_key) values ($1, $2, $3, $4)', [
    id,
    accountId,
    JSON.stringify({ firstName, lastName }),
    `${firstName} ${lastName}`.toLowerCase(),
  ]);
  return id;
}

/** A static tag, or a dynamic one when a query (MongoDB-style) is given. */
export async function insertTag(q: Queryable, accountId: string, name: string, query: unknown = null): Promise<string> {
  const id = randomUUID();
  const queryObj = query === null ? null : JSON.stringify({ mongodb: JSON.stringify(query), isValid: true });
  await q.query('insert into tags (id, account_id, name, query_obj) values ($1, $2, $3, $4)', [id, accountId, name, queryObj]);
  return id;
}

export async function tagClient(q: Queryable, accountId: string, clientId: string, tagId: string) {
  await q.query('insert into client_tags (account_id, client_id, tag_id) values ($1, $2, $3) on conflict do nothing', [accountId, clientId, tagId]);
}

export async function untagClient(q: Queryable, clientId: string, tagId: string) {
  await q.query('delete from client_tags where client_id = $1 and tag_id = $2', [clientId, tagId]);
}
