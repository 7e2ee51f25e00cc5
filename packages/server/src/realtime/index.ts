import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import type { ClientToServerEvents, PhoneStatus, ServerToClientEvents } from '@agency/contracts';
import { AUTH_MESSAGES, PHONE_STATUSES } from '@agency/contracts';
import type { Db } from '../db/index';
import type { AppEvents } from '../events';
import { resolveSession, type AuthContext } from '../http/context';
import type { SessionCache } from '../http/sessionCache';
import { forbidden, HttpError } from '../http/errors';
import { socketFailure } from './failure';
import { toPeer, USER_COLUMNS, type UserRow } from '../modules/accounts/members';

export interface SocketData {
  auth: AuthContext;
  device: string;
  /** What the client said about itself in the handshake (for logs; the session decides who it is). */
  client: { userId: string; name: string; version: string };
}
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * A feature's socket handlers (chat, task boards, ...): called for every authenticated connection.
 * `nsp` is the account's namespace; emit to `user:<id>` rooms or feature rooms of its own.
 */
export type SocketFeature = (socket: AppSocket, ctx: { db: Db; nsp: AppNamespace }) => void;

/**
 * A feature's pushes driven by app events rather than by a socket (contacts changed, ...): started
 * once per server with the events. `nsFor` finds an account's namespace (emits cross processes
 * through the Redis adapter); `track` runs work that close() waits for. Returns its stop.
 */
export type RealtimePush = (ctx: {
  db: Db;
  events: AppEvents;
  nsFor: (accountId: string) => Promise<AppNamespace | null>;
  track: (work: () => Promise<unknown>) => void;
}) => () => void;

export interface Realtime {
  io: AppServer;
  /** Sends the account's peers list to everyone in its namespace. */
  broadcastPeers(accountId: string): Promise<void>;
  close(): Promise<void>;
}

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const RECHECK_MS = 60_000;

/**
 * One socket.io namespace per account, named by its dbName; other names are refused ('Invalid
 * namespace'). The handshake's auth payload carries the token, its query userId, name, version and device; the
 * token's session must be live and belong to that namespace's account, or the connection is
 * refused with a connect_error naming the reason ('Session Invalid', 'Session expired',
 * 'Unauthorized'). A connected socket whose session ends (superseded by a newer desktop sign-in,
 * signed out, password reset, expired) gets 'unauthorized' and is disconnected.
 */
export async function createRealtime(
  db: Db,
  server: HttpServer,
  opts: {
    redisUrl?: string;
    redisKey?: string;
    events?: AppEvents;
    features?: SocketFeature[];
    pushes?: RealtimePush[];
    /** The app's verified sessions, so a handshake or a recheck need not ask the database. */
    sessions?: SessionCache;
  } = {},
): Promise<Realtime> {
  const io: AppServer = new Server(server, {
    transports: ['websocket', 'polling'],
    pingTimeout: 60_000,
    cors: { origin: true },
  });
  const closers: Array<() => void> = [];
  // Work started by socket and app events; close() lets it finish before Redis goes away, so nothing
  // publishes on a closed connection.
  const inflight = new Set<Promise<unknown>>();
  let closing = false;
  const track = (work: () => Promise<unknown>) => {
    if (closing) return;
    const p = work().catch((err) => console.error('realtime:', err));
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  let redis: Array<{ quit(): Promise<unknown> }> = [];
  if (opts.redisUrl) {
    // Several API processes serve one account: events and fetchSockets() cross processes through Redis.
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = new Redis(opts.redisUrl);
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => console.error('realtime redis:', err.message));
    io.adapter(createAdapter(pub, sub, { key: opts.redisKey ?? 'socket.io' }));
    redis = [pub, sub];
  }

  const accountByNamespace = new Map<string, string>(); // '/dbName' → accountId
  const namespaceByAccount = new Map<string, string>(); // accountId → '/dbName'
  const remember = (accountId: string, dbName: string) => {
    accountByNamespace.set(`/${dbName}`, accountId);
    namespaceByAccount.set(accountId, `/${dbName}`);
  };

  async function accountOfNamespace(name: string): Promise<string | null> {
    const known = accountByNamespace.get(name);
    if (known) return known;
    if (!/^\/[a-z0-9_-]{1,64}$/i.test(name)) return null;
    const [row] = await db.query<{ id: string }>('select id from accounts where db_name = $1', [name.slice(1)]);
    if (row) remember(row.id, name.slice(1));
    return row?.id ?? null;
  }

  // Only accounts' namespaces exist: an unknown name never creates one.
  const accounts = io.of((name, _auth, next) => {
    accountOfNamespace(name).then(
      (id) => next(null, id !== null),
      () => next(null, false),
    );
  }) as AppNamespace & { createChild(name: string): AppNamespace };

  /** The account's namespace, created here if no socket of it has connected to this process yet. */
  async function nsFor(accountId: string): Promise<AppNamespace | null> {
    let name = namespaceByAccount.get(accountId);
    if (!name) {
      const [row] = await db.query<{ db_name: string }>('select db_name from accounts where id = $1', [accountId]);
      if (!row) return null;
      remember(accountId, row.db_name);
      name = `/${row.db_name}`;
    }
    return (io._nsps.get(name) as AppNamespace | undefined) ?? accounts.createChild(name);
  }

  accounts.use(async (socket, next) => {
    const q = socket.handshake.query;
    // The token rides in the handshake's auth payload only: never in the URL, where logs and proxies keep it.
    const token = String(socket.handshake.auth?.token ?? '');
    try {
      const ctx = await resolveSession(db, token, opts.sessions);
      if ((await accountOfNamespace(socket.nsp.name)) !== ctx.accountId) return next(new Error('Unauthorized'));
      // A session that must enrol in MFA first may only enrol over HTTP, never listen here.
      if (ctx.mfaEnrolmentRequired) throw forbidden(AUTH_MESSAGES.mfaSetupRequired);
      socket.data.auth = ctx;
      socket.data.device = String(q.device ?? 'desktop');
      socket.data.client = { userId: String(q.userId ?? ''), name: String(q.name ?? ''), version: String(q.version ?? '') };
      next();
    } catch (err) {
      // A refusal says why; anything else (the database away) is no refusal: the client tries again.
      if (!(err instanceof HttpError)) return next(new Error(socketFailure('handshake', err)));
      next(Object.assign(new Error(err.message), { data: { type: 'unauthorized', message: err.message } }));
    }
  });

  async function broadcastPeers(accountId: string) {
    const ns = await nsFor(accountId);
    if (!ns) return;
    const sockets = await ns.fetchSockets(); // across processes when the Redis adapter is on
    const online = new Set(sockets.map((s) => s.data.auth.userId));
    const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where account_id = $1 and deleted_at is null order by first_name, last_name`, [
      accountId,
    ]);
    ns.emit(
      'users_peers',
      rows.map((r) => toPeer(r, online.has(r.id))),
    );
  }

  // Connections come and go in bursts (a reconnect wave, a page of tabs): one peers list per
  // account per moment, instead of one per connection sent to every connection (N² messages).
  const peerTimers = new Map<string, NodeJS.Timeout>();
  const schedulePeers = (accountId: string) => {
    if (closing || peerTimers.has(accountId)) return;
    const timer = setTimeout(() => {
      peerTimers.delete(accountId);
      track(() => broadcastPeers(accountId));
    }, 250);
    peerTimers.set(accountId, timer);
  };

  const dropUnauthorized = (socket: AppSocket, message: string) => {
    socket.emit('unauthorized', { message });
    socket.disconnect();
  };

  accounts.on('connection', async (socket: AppSocket) => {
    const { accountId, userId, sessionId } = socket.data.auth;
    socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // A safety net behind the sessionsRevoked push: expiry has no event, so look now and then.
    const recheck = setInterval(async () => {
      try {
        await resolveSession(db, socket.data.auth.token, opts.sessions);
      } catch (err) {
        if (err instanceof HttpError) dropUnauthorized(socket, err.message);
        else socketFailure('session recheck', err); // logged; the socket stays until its session is known to be over
      }
    }, RECHECK_MS);

    socket.on('users_phoneStatus', (status: PhoneStatus) => {
      if (!PHONE_STATUSES.includes(status)) return;
      track(async () => {
        await db.tx((q) => q.query('update users set phone_status = $3 where id = $1 and account_id = $2', [userId, accountId, status]));
        socket.nsp.emit('users_update', { id: userId, phoneStatus: status });
        await broadcastPeers(accountId);
      });
    });
    socket.on('reconnected', () => schedulePeers(accountId));
    for (const feature of opts.features ?? []) feature(socket, { db, nsp: socket.nsp as AppNamespace });
    socket.on('disconnect', () => {
      clearInterval(recheck);
      schedulePeers(accountId);
    });
    schedulePeers(accountId);
  });

  if (opts.events) {
    const events = opts.events;
    closers.push(
      events.on('sessionsRevoked', ({ accountId, sessionIds, message }) =>
        track(async () => {
          const ns = await nsFor(accountId);
          if (!ns || !sessionIds.length) return;
          const rooms = sessionIds.map(sessionRoom);
          // Same connection, so the client reads 'unauthorized' before the disconnect.
          ns.to(rooms).emit('unauthorized', { message });
          ns.in(rooms).disconnectSockets();
        }),
      ),
      events.on('userUpdated', ({ accountId, user }) =>
        track(async () => {
          const ns = await nsFor(accountId);
          if (!ns) return;
          ns.emit('users_update', user);
          await broadcastPeers(accountId);
        }),
      ),
      events.on('userDeleted', ({ accountId }) => track(() => broadcastPeers(accountId))),
      // The client reconnects after a server-side disconnect; its new handshake carries the new role or ghost.
      events.on('identityChanged', ({ accountId, userIds = [], sessionIds = [] }) =>
        track(async () => {
          const ns = await nsFor(accountId);
          const rooms = [...userIds.map(userRoom), ...sessionIds.map(sessionRoom)];
          if (ns && rooms.length) ns.in(rooms).disconnectSockets();
        }),
      ),
      events.on('trainingCreated', ({ training }) =>
        track(async () => {
          const rows = await db.query<{ id: string }>('select id from accounts');
          for (const { id } of rows) {
            const ns = await nsFor(id);
            // every new item counts in the footer's badge; one added with notify is also announced
            ns?.emit('trainings_new', { id: training.id });
            if (training.notify) ns?.emit('message', { message: `New training: ${training.title}`, link: `/trainings/${training.id}` });
          }
        }),
      ),
    );
  }

  if (opts.events) {
    const events = opts.events;
    for (const push of opts.pushes ?? []) closers.push(push({ db, events, nsFor, track }));
    closers.push(
      events.on('notice', ({ accountId, userIds, notice }) =>
        track(async () => {
          const ns = await nsFor(accountId);
          if (!ns) return;
          if (userIds === null) ns.emit('message', notice);
          else if (userIds.length) ns.to(userIds.map(userRoom)).emit('message', notice);
        }),
      ),
    );
  }

  return {
    io,
    broadcastPeers,
    close: async () => {
      for (const close of closers) close(); // no more app events
      closing = true; // and no new work from the sockets io.close() drops
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const timer of peerTimers.values()) clearTimeout(timer);
      peerTimers.clear();
      await Promise.allSettled([...inflight]);
      // Feature handlers (chat fan-out) may still publish through Redis: let them finish first.
      if (redis.length) await new Promise((resolve) => setTimeout(resolve, 250));
      for (const client of redis) await client.quit().catch(() => undefined);
    },
  };
}
