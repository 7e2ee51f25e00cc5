import { BehaviorSubject } from 'rxjs';
import type { Call, Device } from '@twilio/voice-sdk';
import { errorMessage } from '@agency/api-client';
import { DEVICE_STORAGE_KEYS } from '@agency/bus';
import {
  CALL_MESSAGES,
  CALLER_VERIFICATIONS,
  HOLD_MUSIC,
  PHONE_TOKEN_REFRESH_MS,
  type CallerVerification,
  type PhoneButtonStatus,
  type PhoneToken,
} from '@agency/contracts';
import { soundsMayPlay, soundUrls } from './sounds';

/*
 * One browser phone: the real Twilio Voice SDK Device, in production, locally and in tests. With
 * the local carrier the token names its signalling server (the SDK's `chunderw` option) and calls
 * use no ICE servers; with Twilio the Device finds Twilio's edge itself.
 */
/** The verification the call carried, when it is one the app knows. */
const asVerification = (v: string | undefined): CallerVerification | null =>
  (CALLER_VERIFICATIONS as readonly string[]).includes(v ?? '') ? (v as CallerVerification) : null;

/** What the local carrier attests a simulated caller's number as (A full, B partial, C gateway, fail). */
export type SimulatedAttestation = 'A' | 'B' | 'C' | 'fail';

export interface ActiveCall {
  /** This leg's CallSid once the carrier named it (transfers need it). */
  sid: string | null;
  direction: 'incoming' | 'outgoing';
  /** The other side's number (digits) or, for a colleague, their name. */
  number: string;
  name: string;
  clientId: string | null;
  location: string;
  /** The menu group the caller chose ('' for none). */
  ivr: string;
  /** What the carrier said of an incoming caller's number; null when it said nothing. */
  verification?: CallerVerification | null;
  /** The call's id in the call log, for an incoming call the carrier named it for. */
  callId: string | null;
  /** A call into a colleague's conference, or to coach them (spec 000 "Caller" Type); null for a call of one's own. */
  kind: 'CONFERENCE' | 'COACHING' | null;
  status: 'pending' | 'connecting' | 'ringing' | 'open' | 'reconnecting';
  /** When the call connected (ms), for the timer. */
  startedAt: number | null;
  muted: boolean;
  /** Microphone and speaker levels, 0 to 1. */
  volume: { input: number; output: number };
  /** What the other side said through the carrier (the closed message, ...). */
  said: string[];
}

export interface FinishedCall {
  id: string;
  direction: 'incoming' | 'outgoing';
  number: string;
  name: string;
  clientId: string | null;
  /** Seconds connected. */
  duration: number;
  endedAt: number;
}

export interface PhoneState {
  device: 'init' | 'ready' | 'offline' | 'error';
  /** Why the phone is not ready (one of the phone messages). */
  error: string | null;
  /** The local carrier's page to trust its certificate, when the phone could not connect. */
  trustUrl: string | null;
  call: ActiveCall | null;
  /** Calls that ended here, newest first. */
  lastCalls: FinishedCall[];
}

export interface SoftphoneEvents {
  /** A call connected or ended (presence follows). */
  onCallActive?(active: boolean): void;
  /** A message for the user (errors, reconnecting). */
  onNotice?(kind: 'error' | 'warning' | 'info', message: string): void;
}

const MIC_ERRORS = new Set([31401, 31402, 31208, 31201]);

export type VoiceSdk = typeof import('@twilio/voice-sdk');
let loadingSdk: Promise<VoiceSdk> | null = null;
/**
 * The Twilio Voice SDK (about 43 KB gzip), a chunk of its own loaded when first asked for (a failed
 * load is asked again next time), so that the screen drawn at sign-in does not wait for it.
 */
export function loadVoiceSdk(): Promise<VoiceSdk> {
  loadingSdk ??= import('@twilio/voice-sdk').catch((err: unknown) => {
    loadingSdk = null;
    throw err;
  });
  return loadingSdk;
}

/** What the drawer says when this browser cannot reach the local carrier's signalling (its own certificate is not trusted yet). */
export const UNTRUSTED_LINE = 'This browser does not trust the local phone line yet.';

/**
 * Whether the signalling answers from this browser: one request to its trust page, which fails
 * when the browser refuses the line's certificate. Asked before the Device registers, so an
 * untrusted line costs one request instead of the Voice SDK's reconnection attempts.
 */
export async function signalingReachable(trustUrl: string): Promise<boolean> {
  try {
    await fetch(trustUrl, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
    return true;
  } catch {
    return false;
  }
}

type ActivationNavigator = Navigator & { userActivation?: { hasBeenActive: boolean } };
/** Whether the person has clicked or typed on this page yet: until then a browser lets no sound start. */
function hadGesture(): boolean {
  const activation = typeof navigator !== 'undefined' ? (navigator as ActivationNavigator).userActivation : undefined;
  return activation ? activation.hasBeenActive : true;
}

const GESTURES = ['pointerdown', 'pointerup', 'keydown', 'click'] as const;
/** Runs `then` once, on the first click or key press that lets sound start; returns a way to stop waiting. */
export function afterFirstGesture(then: () => void): () => void {
  const stop = () => GESTURES.forEach((name) => window.removeEventListener(name, listener, true));
  const listener = () => {
    if (!hadGesture()) return;
    stop();
    then();
  };
  GESTURES.forEach((name) => window.addEventListener(name, listener, true));
  return stop;
}

type AudioWindow = { AudioContext?: unknown; webkitAudioContext?: unknown };
/**
 * Runs `make` with the page's AudioContext out of sight: the Voice SDK then makes none (a browser
 * warns of every AudioContext made before a gesture) and plays its sounds through audio elements.
 */
function withoutAudioContext<T>(make: () => T): T {
  const w = window as unknown as AudioWindow;
  const saved = { AudioContext: w.AudioContext, webkitAudioContext: w.webkitAudioContext };
  w.AudioContext = undefined;
  w.webkitAudioContext = undefined;
  try {
    return make();
  } finally {
    w.AudioContext = saved.AudioContext;
    w.webkitAudioContext = saved.webkitAudioContext;
  }
}

/**
 * The Voice SDK's stand-in for each of its sounds on a Device made before the page's first gesture:
 * it plays nothing. The SDK's own sound tries each of its 15 sounds at once (muted), and a browser
 * refuses every play() before a gesture, which the SDK leaves uncaught; no sound could be heard
 * then anyway. The Device is made again with the SDK's sounds at the first gesture.
 */
export class SoundAfterGesture {
  readonly isPlaying = false;
  constructor(
    readonly name: string,
    readonly url: string,
  ) {}
  play(): Promise<void> {
    return Promise.resolve();
  }
  stop(): void {}
  setSinkIds(): void {}
}

export function buttonStatus(state: PhoneState): PhoneButtonStatus {
  const call = state.call;
  if (call) {
    if (call.status === 'pending') return 'pending';
    if (call.status === 'open') return 'open';
    if (call.status === 'ringing') return 'ringing';
    if (call.status === 'reconnecting') return 'reconnecting';
    return 'connecting';
  }
  return state.device === 'ready' ? 'ready' : 'offline';
}

export class Softphone {
  readonly state$ = new BehaviorSubject<PhoneState>({ device: 'init', error: null, trustUrl: null, call: null, lastCalls: [] });
  private device: Device | null = null;
  /** The Voice SDK once start() has it. */
  private voice: VoiceSdk | null = null;
  private current: Call | null = null;
  /** Until when a call taken from a queue (Take Next Call) is answered as it rings. */
  private takingUntil = 0;
  private token: PhoneToken | null = null;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private destroyed = false;
  /** The Device was made before any gesture, without its sounds and their AudioContext: it is made again with them after the first one. */
  private soundless = false;
  private stopWaiting: (() => void) | null = null;

  constructor(
    private readonly fetchToken: () => Promise<PhoneToken>,
    private readonly events: SoftphoneEvents = {},
    private readonly reachable: (trustUrl: string) => Promise<boolean> = signalingReachable,
    /** The Voice SDK, when start() may have it (the drawer waits for the first screen to be drawn). */
    private readonly sdk: () => Promise<VoiceSdk> = loadVoiceSdk,
    /** Whether the browser lets a sound start now (it refuses until the page's first gesture). */
    private readonly mayPlay: () => Promise<boolean> = soundsMayPlay,
  ) {}

  private patch(p: Partial<PhoneState>) {
    this.state$.next({ ...this.state$.value, ...p });
  }
  private patchCall(p: Partial<ActiveCall>) {
    const call = this.state$.value.call;
    if (call) this.patch({ call: { ...call, ...p } });
  }
  private get rtcConfiguration(): RTCConfiguration | undefined {
    return this.token?.chunderw ? { iceServers: [] } : undefined;
  }

  /** Gets a token and the Voice SDK (side by side), checks the signalling answers, makes the Device and registers it for incoming calls. */
  async start(): Promise<void> {
    this.patch({ device: 'init', error: null, trustUrl: null });
    let sdk: VoiceSdk;
    try {
      [this.token, sdk] = await Promise.all([this.fetchToken(), this.sdk()]);
      this.voice = sdk;
    } catch (err) {
      this.patch({ device: 'error', error: `${CALL_MESSAGES.phoneError} ${errorMessage(err)}` });
      return;
    }
    if (this.destroyed) return;
    const trustUrl = this.token.chunderw ? this.token.trustUrl : null;
    if (trustUrl && !(await this.reachable(trustUrl))) {
      if (!this.destroyed) this.patch({ device: 'error', error: UNTRUSTED_LINE, trustUrl });
      return;
    }
    if (this.destroyed) return;
    await this.makeDevice();
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = setInterval(() => void this.refreshToken(), PHONE_TOKEN_REFRESH_MS);
  }

  /** A Device for the current token, registered; before the page's first gesture, one without sounds (nor their AudioContext). */
  private async makeDevice(): Promise<void> {
    if (!this.token || !this.voice) return;
    // asked before the Device is dropped, so the old one is replaced at once
    const soundless = !hadGesture() || !(await this.mayPlay());
    const sdk = this.voice;
    if (this.destroyed || !this.token || !sdk) return;
    this.dropDevice();
    const options = {
      publishEvents: false,
      closeProtection: false,
      logLevel: 'error',
      sounds: soundUrls(),
      codecPreferences: [sdk.Call.Codec.Opus, sdk.Call.Codec.PCMU],
      ...(this.token.chunderw ? { chunderw: this.token.chunderw } : {}),
    } as Device.Options;
    const token = this.token.token;
    this.soundless = soundless;
    const device = this.soundless
      ? withoutAudioContext(() => new sdk.Device(token, { ...options, Sound: SoundAfterGesture } as Device.Options))
      : new sdk.Device(token, options);
    this.device = device;
    if (this.soundless) this.stopWaiting = afterFirstGesture(() => this.prepareSounds());
    device.on('registered', () => this.patch({ device: 'ready', error: null, trustUrl: null }));
    device.on('unregistered', () => !this.destroyed && this.patch({ device: 'offline' }));
    device.on('error', (err: { code?: number; message?: string }) => this.deviceError(err));
    device.on('incoming', (call: Call) => this.incoming(call));
    try {
      await device.register();
      await this.applyOutputs();
    } catch (err) {
      this.deviceError(err as { code?: number; message?: string });
    }
  }

  private dropDevice() {
    this.stopWaiting?.();
    this.stopWaiting = null;
    const old = this.device;
    this.device = null;
    if (!old) return;
    (old as { removeAllListeners?: () => void }).removeAllListeners?.();
    old.destroy();
  }

  /** The first gesture came: the Device is made again with its sounds (after the call, when one is on). */
  private prepareSounds() {
    this.stopWaiting = null;
    if (!this.soundless || this.destroyed || this.current || this.state$.value.call) return;
    void this.makeDevice();
  }

  private async refreshToken() {
    try {
      this.token = await this.fetchToken();
      this.device?.updateToken(this.token.token);
    } catch {
      // the next refresh tries again; the current token lasts 10 hours
    }
  }

  private deviceError(err: { code?: number; message?: string }) {
    if (this.destroyed) return;
    if (err.code && MIC_ERRORS.has(err.code)) {
      this.patch({ error: CALL_MESSAGES.microphone });
      this.events.onNotice?.('error', CALL_MESSAGES.microphone);
      return;
    }
    if (this.voice && this.device?.state === this.voice.Device.State.Registered) {
      this.events.onNotice?.('error', CALL_MESSAGES.callError(err.message ?? ''));
      return;
    }
    this.patch({ device: 'error', error: CALL_MESSAGES.phoneError, trustUrl: this.token?.trustUrl ?? null });
  }

  private track(call: Call, active: ActiveCall) {
    this.current = call;
    this.patch({ call: active });
    call.on('ringing', () => this.patchCall({ status: 'ringing' }));
    call.on('accept', () => {
      this.patchCall({ status: 'open', startedAt: Date.now(), sid: call.parameters.CallSid ?? null });
      this.events.onCallActive?.(true);
    });
    call.on('volume', (input: number, output: number) => this.patchCall({ volume: { input, output } }));
    call.on('mute', (muted: boolean) => this.patchCall({ muted }));
    call.on('reconnecting', () => {
      this.patchCall({ status: 'reconnecting' });
      this.events.onNotice?.('warning', CALL_MESSAGES.reconnecting);
    });
    call.on('reconnected', () => {
      this.patchCall({ status: 'open' });
      this.events.onNotice?.('info', CALL_MESSAGES.reconnected);
    });
    call.on('messageReceived', (message: { content: unknown }) => {
      const content = (typeof message.content === 'string' ? JSON.parse(message.content) : message.content) as { say?: string; play?: string };
      const music = content.play ? HOLD_MUSIC.find((t) => t.url === content.play) : undefined;
      const line = content.say ?? (music ? `Hold music: ${music.title} (${music.group})` : content.play ? 'A recording plays.' : null);
      if (line) this.patchCall({ said: [...(this.state$.value.call?.said ?? []), line] });
    });
    call.on('error', (err: { code?: number; message?: string }) => {
      if (err.code && MIC_ERRORS.has(err.code)) this.events.onNotice?.('error', CALL_MESSAGES.microphone);
      else this.events.onNotice?.('error', CALL_MESSAGES.callError(err.message ?? ''));
    });
    const ended = () => this.ended(call);
    call.on('disconnect', ended);
    call.on('cancel', ended);
    call.on('reject', ended);
  }

  private ended(call: Call) {
    if (this.current !== call) return;
    const active = this.state$.value.call;
    this.current = null;
    const lastCalls = this.state$.value.lastCalls;
    const finished: FinishedCall[] = active
      ? [
          {
            id: call.parameters.CallSid ?? `${Date.now()}`,
            direction: active.direction,
            number: active.number,
            name: active.name,
            clientId: active.clientId,
            duration: active.startedAt ? Math.round((Date.now() - active.startedAt) / 1000) : 0,
            endedAt: Date.now(),
          },
        ]
      : [];
    this.patch({ call: null, lastCalls: [...finished, ...lastCalls].slice(0, 25) });
    if (active?.startedAt) this.events.onCallActive?.(false);
    if (this.soundless && !this.stopWaiting && hadGesture()) setTimeout(() => this.prepareSounds(), 0);
  }

  private incoming(call: Call) {
    // Incoming calls while busy are not allowed (spec 000 §4); the SDK ignores them, so does this.
    if (this.current) return;
    const custom = call.customParameters;
    const from = call.parameters.From ?? '';
    const kind = custom.get('type');
    this.track(call, {
      sid: call.parameters.CallSid ?? null,
      direction: 'incoming',
      // A conference rings from the agency's number: the panel shows the client it is with.
      number: (custom.get('callerNumber') || from.replace(/^client:/, '')).replace(/\D/g, ''),
      name: custom.get('callerName') ?? '',
      clientId: custom.get('clientId') || null,
      location: custom.get('location') ?? '',
      ivr: custom.get('ivr') ?? '',
      verification: asVerification(custom.get('verification')),
      callId: custom.get('callId') || null,
      kind: kind === 'CONFERENCE' || kind === 'COACHING' ? kind : null,
      status: 'pending',
      startedAt: null,
      muted: false,
      volume: { input: 0, output: 0 },
      said: [],
    });
    // The caller this person just took from a queue: answered without a second click.
    if ((custom.get('queue') === '1' || kind === 'COACHING') && Date.now() < this.takingUntil) {
      this.takingUntil = 0;
      this.answer();
    }
  }

  /** Take Next Call (or Coach) was pressed: the call it brings, when it rings here shortly, is answered at once. */
  expectTakenCall(withinMs = 30_000) {
    this.takingUntil = Date.now() + withinMs;
  }

  /** Places a call to an 11-digit number (or `client:{userId}` for a colleague), from a location's number when one is given. */
  async dial(
    to: string,
    details: {
      name?: string;
      clientId?: string | null;
      location?: string;
      locationId?: string;
      /** The call simulator's caller: the attestation the local carrier gives its number. */
      attest?: SimulatedAttestation;
    } = {},
  ): Promise<void> {
    if (!this.device || this.current || this.state$.value.call || this.state$.value.device !== 'ready') return;
    const pending = {
      sid: null,
      direction: 'outgoing' as const,
      number: to.replace(/\D/g, ''),
      name: details.name ?? '',
      clientId: details.clientId ?? null,
      location: details.location ?? '',
      ivr: '',
      callId: null,
      kind: null,
      status: 'connecting' as const,
      startedAt: null,
      muted: false,
      volume: { input: 0, output: 0 },
      said: [],
    };
    this.patch({ call: pending });
    try {
      await this.applyDevices();
      const call = await this.device.connect({
        // The contact called, when known, goes with the call so the call log keeps it (a number can be a whole household's).
        params: {
          To: to,
          ...(details.locationId ? { Location: details.locationId } : {}),
          ...(details.clientId ? { Client: details.clientId } : {}),
          ...(details.attest ? { Attest: details.attest } : {}),
        },
        rtcConfiguration: this.rtcConfiguration,
      });
      this.track(call, pending);
    } catch (err) {
      this.patch({ call: null });
      const code = (err as { code?: number }).code;
      this.events.onNotice?.('error', code && MIC_ERRORS.has(code) ? CALL_MESSAGES.microphone : CALL_MESSAGES.callError(errorMessage(err)));
    }
  }

  answer() {
    if (this.state$.value.call?.status !== 'pending') return;
    this.patchCall({ status: 'connecting' });
    const call = this.current;
    void this.applyDevices().then(() => call?.accept({ rtcConfiguration: this.rtcConfiguration }));
  }

  /** The microphone, speaker and ringer chosen in Phone settings (kept in this browser), applied before each call. */
  private async applyDevices() {
    const audio = this.device?.audio;
    if (!audio) return;
    const chosen = (role: keyof typeof DEVICE_STORAGE_KEYS) => localStorage.getItem(DEVICE_STORAGE_KEYS[role]);
    const input = chosen('input');
    try {
      if (input) await audio.setInputDevice(input);
    } catch {
      this.events.onNotice?.('error', CALL_MESSAGES.inputDevice);
    }
    await this.applyOutputs();
  }

  /** The speaker and ringer only (no microphone is opened until a call). */
  private async applyOutputs() {
    const audio = this.device?.audio;
    if (!audio?.isOutputSelectionSupported) return;
    try {
      const output = localStorage.getItem(DEVICE_STORAGE_KEYS.output);
      const ring = localStorage.getItem(DEVICE_STORAGE_KEYS.ring);
      if (output) await audio.speakerDevices.set(output);
      if (ring) await audio.ringtoneDevices.set(ring);
    } catch {
      // a speaker that went away: the browser's default plays
    }
  }
  /** Stops ringing here; the call goes on ringing elsewhere. */
  ignore() {
    const call = this.current;
    if (!call) return;
    call.ignore();
    this.ended(call);
  }
  reject() {
    this.current?.reject();
  }
  hangUp() {
    this.current?.disconnect();
  }
  toggleMute() {
    const call = this.current;
    if (call) call.mute(!call.isMuted());
  }
  sendDigits(digits: string) {
    this.current?.sendDigits(digits);
  }
  removeLastCall(id: string) {
    this.patch({ lastCalls: this.state$.value.lastCalls.filter((c) => c.id !== id) });
  }
  destroy() {
    this.destroyed = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.current?.disconnect();
    this.dropDevice();
  }
}
