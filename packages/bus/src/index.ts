import { BehaviorSubject, Observable, Subject, filter, map } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  Peer,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
  Session,
} from '@agency/contracts';
import { DEFAULT_THEME_COLOR } from '@agency/contracts';
import { handleNotice } from './notices';

/**
 * The one event bus of the app. The shell creates it; remotes reach the same instance because
 * @agency/bus is a shared singleton. Its API only grows: a remote built against an older bus keeps
 * working after a compatible shell release.
 */
export const BUS_VERSION = 1;

export type ConnectionState = 'offline' | 'connecting' | 'connected' | 'reconnecting' | 'unauthorized';
export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export interface ToastRequest {
  kind: ToastKind;
  message: string;
  description?: string;
  /** A link the toast offers; such a toast stays until dismissed. */
  link?: string;
  /** Keep until dismissed. */
  persistent?: boolean;
  key?: string;
}
export interface ConfirmRequest {
  title: string;
  content?: string;
  resolve: (ok: boolean) => void;
}
export interface NavigateRequest {
  to: string;
  replace?: boolean;
}
export interface Badges {
  tasks: number;
  team: number;
  messages: number;
  phone: number;
}
export interface ThemeState {
  dark: boolean;
  color: string;
}
/** A request to place a call; the phone remote handles it. */
export interface DialRequest {
  /** A phone number, or a peer's extension when `peerId` is set. */
  to: string;
  /** Who is being called, for the call UI. */
  name?: string;
  /** Set when calling a colleague. */
  peerId?: string;
}
export type AnyServerEvent = { [E in ServerEventName]: { event: E; payload: ServerEventPayload<E> } }[ServerEventName];

/** Where the phone's device choices are kept (this browser only); the phone remote reads the same keys. */
export const DEVICE_STORAGE_KEYS = { output: 'agency.phone.output', input: 'agency.phone.input', ring: 'agency.phone.ring' } as const;
export type DeviceRole = keyof typeof DEVICE_STORAGE_KEYS;

export interface ConnectOptions {
  url?: string;
  namespace: string;
  token: string;
  userId: string;
  name: string;
  version: string;
  device?: 'desktop' | 'mobile';
}

export class Bus {
  readonly version = BUS_VERSION;
  readonly session$ = new BehaviorSubject<Session | null>(null);
  readonly connection$ = new BehaviorSubject<ConnectionState>('offline');
  readonly events$ = new Subject<AnyServerEvent>();
  readonly toast$ = new Subject<ToastRequest>();
  readonly confirm$ = new Subject<ConfirmRequest>();
  readonly navigate$ = new Subject<NavigateRequest>();
  readonly badges$ = new BehaviorSubject<Badges>({ tasks: 0, team: 0, messages: 0, phone: 0 });
  readonly peers$ = new BehaviorSubject<Peer[]>([]);
  readonly theme$ = new BehaviorSubject<ThemeState>({ dark: false, color: DEFAULT_THEME_COLOR });
  readonly loading$ = new BehaviorSubject<boolean>(false);
  /** Call requests from anywhere (peers list, contact records); the phone remote places them. */
  readonly dial$ = new Subject<DialRequest>();
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  /** Clients of the account were added, edited, tagged, split, merged, imported or deleted (by anyone): lists and open records catch up. */
  readonly clientsUpdate$: Observable<ServerEventPayload<'clients_update'>> = this.on('clients_update');
  /** Tags of the account were created, edited or deleted, or their assigned counts may have moved. */
  readonly refreshTags$: Observable<ServerEventPayload<'refresh_tags'>> = this.on('refresh_tags');

  /** Server events of one name, typed from contracts. */
  on<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>> {
    return this.events$.pipe(
      filter((e): e is Extract<AnyServerEvent, { event: E }> => e.event === event),
      map((e) => e.payload as ServerEventPayload<E>),
    );
  }

  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
    // socket.io's typed emit cannot take a generic tuple; the signature above keeps callers typed.
    (this.socket?.emit as unknown as (e: string, ...a: unknown[]) => void)?.(event, ...args);
  }

  toast(t: ToastRequest): void {
    this.toast$.next(t);
  }

  /** Keys of persistent toasts to take down (the toast with that key closes). */
  readonly toastDismiss$ = new Subject<string>();
  dismissToast(key: string): void {
    this.toastDismiss$.next(key);
  }

  confirm(title: string, content?: string): Promise<boolean> {
    return new Promise((resolve) => this.confirm$.next({ title, content, resolve }));
  }

  dial(request: DialRequest): void {
    this.dial$.next(request);
  }

  navigate(to: string, replace = false): void {
    this.navigate$.next({ to, replace });
  }

  setBadge(name: keyof Badges, count: number): void {
    this.badges$.next({ ...this.badges$.value, [name]: Math.max(0, count) });
  }

  /** Only the bus owns the socket: websocket transport, 60 s timeout, endless reconnects 1-5 s apart. */
  connect(o: ConnectOptions): void {
    this.disconnect();
    this.connection$.next('connecting');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${o.url ?? ''}/${o.namespace}`, {
      transports: ['websocket'],
      timeout: 60_000,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      auth: { token: o.token },
      query: { token: o.token, userId: o.userId, name: o.name, version: o.version, device: o.device ?? 'desktop' },
    });
    this.socket = socket;
    let connectedOnce = false;
    socket.on('connect', () => {
      this.connection$.next('connected');
      if (connectedOnce) socket.emit('reconnected', o.userId);
      connectedOnce = true;
    });
    socket.on('disconnect', (reason) => {
      if (this.connection$.value === 'unauthorized') return;
      this.connection$.next('reconnecting');
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', (err) => {
      if (err.message === 'Invalid namespace') {
        socket.disconnect();
        setTimeout(() => this.socket === socket && socket.connect(), 1_000);
        return;
      }
      if (/session|unauthori[sz]ed/i.test(err.message)) this.markUnauthorized(err.message);
      else this.connection$.next('reconnecting');
    });
    socket.on('unauthorized', (reason) => this.markUnauthorized(reason?.message ?? 'Unauthorized'));
    socket.onAny((event: string, payload: unknown) => {
      if (event === 'users_peers') this.peers$.next(payload as Peer[]);
      handleNotice(this, event, payload);
      this.events$.next({ event, payload } as AnyServerEvent);
    });
  }

  private markUnauthorized(message: string) {
    this.connection$.next('unauthorized');
    this.events$.next({ event: 'unauthorized', payload: { message } });
    this.socket?.disconnect();
  }

  disconnect(): void {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.connection$.next('offline');
    this.peers$.next([]);
  }
}

const GLOBAL_KEY = '__agencyDeskBus__';
const holder = globalThis as unknown as { [GLOBAL_KEY]?: Bus };
/** The instance every part of the app uses. */
export const bus: Bus = holder[GLOBAL_KEY] ?? (holder[GLOBAL_KEY] = new Bus());

/** The persistent toast of the user's active task. */
export const ACTIVE_TASK_TOAST_KEY = 'active-task';
const tasksWiring = globalThis as unknown as { __agencyDeskTasksWired__?: boolean };
if (!tasksWiring.__agencyDeskTasksWired__) {
  tasksWiring.__agencyDeskTasksWired__ = true;
  // Task alerts feed the Tasks badge wherever the user is.
  bus.on('taskBoard_alerts').subscribe(({ count }) => bus.setBadge('tasks', count));
  // The active task stays on screen until it is done or set aside.
  let shown: string | null = null;
  bus.on('taskBoard_activeTask').subscribe(({ card }) => {
    if (!card) {
      if (shown === null) return;
      // a host that closes toasts by key does so; one that does not replaces it with a short one
      bus.toast({ kind: 'info', key: ACTIVE_TASK_TOAST_KEY, message: `${shown} is no longer your active task` });
      bus.dismissToast(ACTIVE_TASK_TOAST_KEY);
      shown = null;
      return;
    }
    shown = card.title || 'Untitled card';
    bus.toast({
      kind: 'info',
      key: ACTIVE_TASK_TOAST_KEY,
      persistent: true,
      message: `Active task: ${shown}`,
      description: card.client ? `${card.taskBoardName} · ${card.client.name}` : card.taskBoardName,
      link: `/tasks/${card.taskBoardId}?card=${card.id}`,
    });
  });
}
