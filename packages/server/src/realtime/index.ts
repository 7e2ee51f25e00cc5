import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import type { ClientToServerEvents, PhoneStatus, ServerToClientEvents } from '@agency/contracts';
import { PHONE_STATUSES } from '@agency/contracts';
import type { Db } from '../db/index';
import { resolveSession, type AuthContext } from '../http/context';
import { toPeer, USER_COLUMNS, type UserRow } from '../modules/users/mapping';

export interface SocketData {
  auth: AuthContext;
  device: string;
}
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * A feature's socket handlers (chat, task boards, ...): called for every authenticated connection.
 * `nsp` is the account's namespace; emit to `user:<id>` rooms or feature rooms of its own.
 */
export type SocketFeature = (socket: AppSocket, ctx: { db: Db; nsp: AppNamespace }) => void;

export interface Realtime {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  /** Sends the account's peers list to everyone in its namespace. */
  broadcastPeers(accountId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One socket.io namespace per account, named by its dbName. The handshake token must belong to
 * that account: a token of one account cannot join another's namespace.
 */
export async function createRealtime(
  db: Db,
  server: HttpServer,
  opts: { redisUrl?: string; features?: SocketFeature[] } = {},
): Promise<Realtime> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
    transports: ['websocket', 'polling'],
    pingTimeout: 60_000,
    cors: { origin: true },
  });
  const closers: Array<() => Promise<unknown>> = [];
  if (opts.redisUrl) {
    // Several API processes serve one account: events and fetchSockets() cross processes through Redis.
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = new Redis(opts.redisUrl);
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
    closers.push(() => pub.quit(), () => sub.quit());
  }
  const dbNames = new Map<string, string>(); // accountId → dbName

  const namespaces = io.of(/^\/[a-z0-9_-]+$/i);
  namespaces.use(async (socket, next) => {
    const token = String(socket.handshake.auth?.token ?? socket.handshake.query.token ?? '');
    try {
      const ctx = await resolveSession(db, token);
      const [acct] = await db.query<{ db_name: string }>('select db_name from accounts where id = $1', [ctx.accountId]);
      if (!acct || `/${acct.db_name}` !== socket.nsp.name) return next(new Error('Invalid namespace'));
      dbNames.set(ctx.accountId, acct.db_name);
      socket.data.auth = ctx;
      socket.data.device = String(socket.handshake.query.device ?? 'desktop');
      next();
    } catch (err) {
      next(new Error(err instanceof Error ? err.message : 'Unauthorized'));
    }
  });

  const nsFor = (accountId: string): AppNamespace | null => {
    const name = dbNames.get(accountId);
    return name ? (io.of(`/${name}`) as AppNamespace) : null;
  };

  async function broadcastPeers(accountId: string) {
    const ns = nsFor(accountId);
    if (!ns) return;
    const sockets = await ns.fetchSockets(); // across processes when the Redis adapter is on
    const online = new Set(sockets.map((s) => s.data.auth.userId));
    const rows = await db.query<UserRow>(
      `select ${USER_COLUMNS} from users where account_id = $1 and deleted_at is null order by first_name, last_name`,
      [accountId],
    );
    ns.emit('users_peers', rows.map((r) => toPeer(r, online.has(r.id))));
  }

  // Connections come and go in bursts (a reconnect wave, a page of tabs): one peers list per
  // account per moment, instead of one per connection sent to every connection (N² messages).
  const peerTimers = new Map<string, NodeJS.Timeout>();
  const schedulePeers = (accountId: string) => {
    if (peerTimers.has(accountId)) return;
    const timer = setTimeout(() => {
      peerTimers.delete(accountId);
      void broadcastPeers(accountId).catch(() => undefined);
    }, 250);
    peerTimers.set(accountId, timer);
  };

  namespaces.on('connection', async (socket: AppSocket) => {
    const { accountId, userId } = socket.data.auth;
    socket.join(`user:${userId}`);
    // Re-check the session now and then: an expired or superseded token is told and dropped.
    const recheck = setInterval(async () => {
      try {
        await resolveSession(db, socket.data.auth.token);
      } catch (err) {
        socket.emit('unauthorized', { message: err instanceof Error ? err.message : 'Unauthorized' });
        socket.disconnect(true);
      }
    }, 60_000);

    socket.on('users_phoneStatus', async (status: PhoneStatus) => {
      if (!PHONE_STATUSES.includes(status)) return;
      await db.query('update users set phone_status = $3 where id = $1 and account_id = $2', [userId, accountId, status]);
      socket.nsp.emit('users_update', { id: userId, phoneStatus: status });
      await broadcastPeers(accountId);
    });
    socket.on('reconnected', () => schedulePeers(accountId));
    for (const feature of opts.features ?? []) feature(socket, { db, nsp: socket.nsp as AppNamespace });
    socket.on('disconnect', () => {
      clearInterval(recheck);
      schedulePeers(accountId);
    });
    schedulePeers(accountId);
  });

  return {
    io,
    broadcastPeers,
    close: async () => {
      for (const timer of peerTimers.values()) clearTimeout(timer);
      peerTimers.clear();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // Disconnect handlers still running (peers broadcasts, chat fan-out) publish through Redis:
      // let them finish before the Redis clients quit, or their publishes fail unhandled.
      if (closers.length) await new Promise((resolve) => setTimeout(resolve, 250));
      for (const close of closers) await close().catch(() => undefined);
    },
  };
}
