import { BehaviorSubject, Observable, Subject, filter, map } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Peer, ServerEventName, ServerEventPayload, ServerToClientEvents, Session } from '@agency/contracts';
import { DEFAULT_THEME_COLOR } from '@agency/contracts';
import { handleNotice } from './notices';

import { BUS_VERSION } from './version';

/** What a request answered by acknowledgement gets back. */
type Ack<T> = { ok: true; data: T } | { ok: false; message: string };
/** The client events whose last argument is an acknowledgement of that shape. */
export type AckEvent = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]> extends [unknown, (res: Ack<infer _T>) => void] ? E : never;
}[keyof ClientToServerEvents];
export type AckRequest<E extends AckEvent> = Parameters<ClientToServerEvents[E]>[0];
export type AckResult<E extends AckEvent> = Parameters<ClientToServerEvents[E]>[1] extends (res: Ack<infer T>) => void ? T : never;

/** A request that got no answer in time (the connection may have dropped): the answer may still arrive. */
export class NoAnswerError extends Error {
  constructor() {
    super('No answer from the server. Check the connection and try again.');
  }
}

/**
 * The one event bus of the app. The shell creates it; remotes reach the same instance because
 * @agency/bus is a shared singleton. Its API only grows within a major version: a remote built
 * against an older minor version keeps working after a shell release (see ./version).
 */
const HOST = Symbol.for('agency.bus.host');

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
  /** The contact being called, when the call starts from their record: the call keeps its notes on them. */
  clientId?: string;
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

/** A read-only view of one of the bus's streams; only the bus moves it. */
export class Stream<T> extends Observable<T> {
  constructor(subject: Subject<T>) {
    super((subscriber) => subject.subscribe(subscriber));
    this.isObserved = () => subject.observed;
  }
  private readonly isObserved: () => boolean;
  /** Whether anything listens (a remote running alone shows its own toasts). */
  get observed(): boolean {
    return this.isObserved();
  }
}

/** A stream that also offers its current value; only the bus moves it. */
export class StateStream<T> extends Stream<T> {
  constructor(private readonly subject: BehaviorSubject<T>) {
    super(subject);
  }
  get value(): T {
    return this.subject.value;
  }
  getValue(): T {
    return this.subject.value;
  }
}

/** The parts of the session a remote may ask to refresh (after a profile change or GET /users/me). */
export type SessionPatch = Partial<Pick<Session, 'user' | 'account' | 'ghostedBy' | 'mfaSetupRequired'>>;

/** What only the shell (and tests standing in for it) may do with the bus. */
export interface HostControls {
  /** Signs in, swaps the token, or signs out (null). */
  setSession(session: Session | null): void;
  /** Handles remotes' session refresh requests (the shell persists them); returns the previous handler's removal. */
  handleSessionPatches(handler: (patch: SessionPatch) => void): () => void;
  /** Feeds a server event to every listener, as the socket does. */
  receive(event: AnyServerEvent): void;
  setPeers(peers: Peer[]): void;
  /** The first screen after the sign-in is drawn and the page is idle (firstScreen$); once per page. Since 1.4. */
  firstScreenDrawn(): void;
}

export class Bus {
  readonly version = BUS_VERSION;
  readonly #session = new BehaviorSubject<Session | null>(null);
  readonly #connection = new BehaviorSubject<ConnectionState>('offline');
  readonly #events = new Subject<AnyServerEvent>();
  readonly #toast = new Subject<ToastRequest>();
  readonly #toastDismiss = new Subject<string>();
  readonly #confirm = new Subject<ConfirmRequest>();
  readonly #navigate = new Subject<NavigateRequest>();
  readonly #badges = new BehaviorSubject<Badges>({ tasks: 0, team: 0, messages: 0, phone: 0 });
  readonly #peers = new BehaviorSubject<Peer[]>([]);
  readonly #theme = new BehaviorSubject<ThemeState>({ dark: false, color: DEFAULT_THEME_COLOR });
  readonly #loading = new BehaviorSubject<boolean>(false);
  readonly #dial = new Subject<DialRequest>();
  readonly #celebrate = new Subject<string>();
  readonly #firstScreen = new BehaviorSubject<boolean>(false);
  readonly #announce = new Subject<string>();
  #sessionPatchHandler: ((patch: SessionPatch) => void) | null = null;

  readonly session$ = new StateStream(this.#session);
  readonly connection$ = new StateStream(this.#connection);
  readonly badges$ = new StateStream(this.#badges);
  readonly peers$ = new StateStream(this.#peers);
  readonly theme$ = new StateStream(this.#theme);
  readonly loading$ = new StateStream(this.#loading);
  readonly events$ = new Stream<AnyServerEvent>(this.#events);
  readonly toast$ = new Stream<ToastRequest>(this.#toast);
  /** Keys of persistent toasts to take down (the toast with that key closes). */
  readonly toastDismiss$ = new Stream<string>(this.#toastDismiss);
  readonly confirm$ = new Stream<ConfirmRequest>(this.#confirm);
  readonly navigate$ = new Stream<NavigateRequest>(this.#navigate);
  /** Call requests from anywhere (peers list, contact records); the phone remote places them. */
  readonly dial$ = new Stream<DialRequest>(this.#dial);
  /** Moments worth a celebration (the reason, e.g. 'Setup Tasks Completed'): the shell shows confetti. Since 1.2. */
  readonly celebrate$ = new Stream<string>(this.#celebrate);
  /**
   * True once the first screen after the sign-in is drawn and the page is idle: what that screen
   * does not draw (the phone's Voice SDK, the code of areas not opened yet) loads then. Since 1.4.
   */
  readonly firstScreen$ = new StateStream(this.#firstScreen);
  /** Sentences for screen readers ('New text from Jane Doe'): the shell's polite live region reads each once. Since 1.4. */
  readonly announce$ = new Stream<string>(this.#announce);
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  /** Clients of the account were added, edited, tagged, split, merged, imported or deleted (by anyone): lists and open records catch up. */
  readonly clientsUpdate$: Observable<ServerEventPayload<'clients_update'>> = this.on('clients_update');
  /** Tags of the account were created, edited or deleted, or their assigned counts may have moved. */
  readonly refreshTags$: Observable<ServerEventPayload<'refresh_tags'>> = this.on('refresh_tags');

  /** Server events of one name, typed from contracts. */
  on<E extends ServerEventName>(event: E): Observable<ServerEventPayload<E>> {
    return this.#events.pipe(
      filter((e): e is Extract<AnyServerEvent, { event: E }> => e.event === event),
      map((e) => e.payload as ServerEventPayload<E>),
    );
  }

  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
    // socket.io's typed emit cannot take a generic tuple; the signature above keeps callers typed.
    (this.socket?.emit as unknown as (e: string, ...a: unknown[]) => void)?.(event, ...args);
  }

  /**
   * A request answered by acknowledgement ({ ok, data } or { ok: false, message }): resolves with
   * the data, rejects with the server's message, or with NoAnswerError when nothing came back in
   * `timeoutMs` (the connection may have dropped; the answer may still arrive). Since 1.3.
   */
  request<E extends AckEvent>(event: E, req: AckRequest<E>, timeoutMs = 15_000): Promise<AckResult<E>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new NoAnswerError()), timeoutMs);
      const ack = (res: Ack<AckResult<E>>) => {
        clearTimeout(timer);
        if (res.ok) resolve(res.data);
        else reject(new Error(res.message));
      };
      (this.emit as unknown as (e: string, r: unknown, a: typeof ack) => void).call(this, event, req, ack);
    });
  }

  toast(t: ToastRequest): void {
    this.#toast.next(t);
  }

  dismissToast(key: string): void {
    this.#toastDismiss.next(key);
  }

  confirm(title: string, content?: string): Promise<boolean> {
    return new Promise((resolve) => this.#confirm.next({ title, content, resolve }));
  }

  /** Asks the shell for the confetti overlay (3 s). */
  celebrate(reason: string): void {
    this.#celebrate.next(reason);
  }

  dial(request: DialRequest): void {
    this.#dial.next(request);
  }

  /** Has the shell's live region read `message` out once (politely, after what is being read). */
  announce(message: string): void {
    if (message.trim()) this.#announce.next(message.trim());
  }

  navigate(to: string, replace = false): void {
    this.#navigate.next({ to, replace });
  }

  setBadge(name: keyof Badges, count: number): void {
    this.#badges.next({ ...this.#badges.value, [name]: Math.max(0, count) });
  }

  /** Dark mode and the theme colour (a preview or a saved choice). */
  setTheme(patch: Partial<ThemeState>): void {
    const next = { ...this.#theme.value, ...patch };
    if (next.dark !== this.#theme.value.dark || next.color !== this.#theme.value.color) this.#theme.next(next);
  }

  /** Shows or hides the app-wide busy indicator. */
  setLoading(loading: boolean): void {
    if (this.#loading.value !== loading) this.#loading.next(loading);
  }

  /**
   * Asks the shell to refresh parts of the signed-in session (it persists them). Without a shell
   * (a remote served on its own, a test) the bus applies the patch itself. Nothing happens when
   * signed out, and a remote can never sign in, sign out or swap the token this way.
   */
  updateSession(patch: SessionPatch): void {
    if (!this.#session.value) return;
    const { user, account, ghostedBy, mfaSetupRequired } = patch;
    const clean: SessionPatch = Object.fromEntries(Object.entries({ user, account, ghostedBy, mfaSetupRequired }).filter(([, v]) => v !== undefined));
    if (this.#sessionPatchHandler) this.#sessionPatchHandler(clean);
    else this.#session.next({ ...this.#session.value, ...clean });
  }

  /** Only the bus owns the socket: websocket transport, 60 s timeout, endless reconnects 1-5 s apart. */
  connect(o: ConnectOptions): void {
    this.disconnect();
    this.#connection.next('connecting');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${o.url ?? ''}/${o.namespace}`, {
      transports: ['websocket'],
      timeout: 60_000,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      auth: { token: o.token },
      query: { userId: o.userId, name: o.name, version: o.version, device: o.device ?? 'desktop' },
    });
    this.socket = socket;
    let connectedOnce = false;
    socket.on('connect', () => {
      this.#connection.next('connected');
      if (connectedOnce) socket.emit('reconnected', o.userId);
      connectedOnce = true;
    });
    socket.on('disconnect', (reason) => {
      if (this.#connection.value === 'unauthorized') return;
      this.#connection.next('reconnecting');
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', (err) => {
      if (err.message === 'Invalid namespace') {
        socket.disconnect();
        setTimeout(() => this.socket === socket && socket.connect(), 1_000);
        return;
      }
      if (/session|unauthori[sz]ed/i.test(err.message)) this.markUnauthorized(err.message);
      else this.#connection.next('reconnecting');
    });
    socket.on('unauthorized', (reason) => this.markUnauthorized(reason?.message ?? 'Unauthorized'));
    socket.onAny((event: string, payload: unknown) => this.receive({ event, payload } as AnyServerEvent));
  }

  private receive(e: AnyServerEvent) {
    if (e.event === 'users_peers') this.#peers.next(e.payload as Peer[]);
    handleNotice(this, e.event, e.payload);
    this.#events.next(e);
  }

  private markUnauthorized(message: string) {
    this.#connection.next('unauthorized');
    this.#events.next({ event: 'unauthorized', payload: { message } });
    this.socket?.disconnect();
  }

  disconnect(): void {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.#connection.next('offline');
    this.#peers.next([]);
  }

  /** @internal the controls behind hostControls(). */
  [HOST](): HostControls {
    return {
      setSession: (session) => this.#session.next(session),
      handleSessionPatches: (handler) => {
        this.#sessionPatchHandler = handler;
        return () => {
          if (this.#sessionPatchHandler === handler) this.#sessionPatchHandler = null;
        };
      },
      receive: (e) => this.receive(e),
      setPeers: (peers) => this.#peers.next(peers),
      firstScreenDrawn: () => {
        if (!this.#firstScreen.value) this.#firstScreen.next(true);
      },
    };
  }
}

const GLOBAL_KEY = '__agencyDeskBus__';
const holder = globalThis as unknown as { [GLOBAL_KEY]?: Bus };
/** The instance every part of the app uses. */
export const bus: Bus = holder[GLOBAL_KEY] ?? (holder[GLOBAL_KEY] = new Bus());

/**
 * The controls only the shell uses: it signs in and out and persists the session. Remotes read
 * streams and call the bus's commands; lint keeps this import out of their code (tests may stand
 * in for the shell).
 */
export function hostControls(target: Bus = bus): HostControls {
  return target[HOST]();
}

export { checkBusVersion, BUS_VERSION } from './version';

/** The key of the active task's persistent toast, which mf-tasks now holds; the bus shared it before bdfb95e, and a name it shared stays (shared-surface.lock.json). */
export const ACTIVE_TASK_TOAST_KEY = 'active-task';
