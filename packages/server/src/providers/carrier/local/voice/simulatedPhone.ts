import WebSocket from 'ws';
import { HEARTBEAT } from './signaling';
import { phonePeer, withoutCandidates, type PhonePeer } from './phonePeer';
import type { WrtcPeer as Peer } from './wrtc';

/*
 * A phone in Node that speaks to the local carrier exactly as the Voice SDK does (PStream over
 * wss, its SDP without ICE candidates): `npm run carrier -- call` uses it to be a client, and the
 * tests use it for every party of a call. It sends a tone and measures what it hears.
 */
interface Message {
  type: string;
  payload: Record<string, unknown>;
}

export class SimulatedPhone {
  readonly received: Message[] = [];
  /** Sends silence instead of its tone (a person who says nothing). */
  silent = false;
  /** 10 ms frames heard with sound in them (RMS above the noise floor). */
  heardFrames = 0;
  /** When (ms) it last heard a frame with sound in it. */
  lastHeardAt = 0;
  private waiters: Array<() => void> = [];
  private peer: PhonePeer | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      // The signalling's heartbeat: answered as the Voice SDK answers it.
      if (String(data) === HEARTBEAT) {
        ws.send(HEARTBEAT);
        return;
      }
      const message = JSON.parse(String(data)) as Message;
      this.received.push(message);
      if (message.type === 'answer' && typeof message.payload.sdp === 'string' && this.peer)
        void this.peer.pc.setRemoteDescription({ type: 'answer', sdp: message.payload.sdp });
      if (message.type === 'hangup' || message.type === 'cancel') this.stopMedia();
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Connects with `token` (and registers for incoming calls unless told not to). */
  static async connect(url: string, token: string, register = true): Promise<SimulatedPhone> {
    const ws = new WebSocket(url, { rejectUnauthorized: false });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const phone = new SimulatedPhone(ws);
    phone.send('listen', { token, browserinfo: {}, reconnectTimeout: 0 });
    await phone.next('connected');
    if (register) {
      phone.send('register', { media: { audio: true } });
      await phone.next('ready');
    }
    return phone;
  }

  send(type: string, payload: Record<string, unknown>) {
    this.ws.send(JSON.stringify({ type, version: '1.6', payload }));
  }

  /** The first message of `type` not taken yet (waits for it). */
  async next(type: string, timeoutMs = 5000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.received.findIndex((m) => m.type === type);
      if (i >= 0) return this.received.splice(i, 1)[0].payload;
      if (Date.now() > deadline) throw new Error(`no ${type} (got ${this.received.map((m) => m.type).join(', ') || 'nothing'})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100).unref();
      });
    }
  }

  has(type: string) {
    return this.received.some((m) => m.type === type);
  }

  private media(toneHz: number): Peer {
    this.stopMedia();
    this.peer = phonePeer(
      toneHz,
      () => {
        this.heardFrames++;
        this.lastHeardAt = Date.now();
      },
      () => this.silent,
    );
    return this.peer.pc;
  }

  /**
   * Places a call (To is a number or client:{userId}); the id it invited with. `attest` is the
   * attestation the carrier is to give this caller's number (A, B, C, or fail).
   */
  async call(to: string, toneHz = 440, attest?: 'A' | 'B' | 'C' | 'fail'): Promise<string> {
    const pc = this.media(toneHz);
    await pc.setLocalDescription(await pc.createOffer());
    const callsid = `TJS${Math.random().toString(16).slice(2)}`;
    const params = new URLSearchParams({ To: to, ...(attest ? { Attest: attest } : {}) });
    this.send('invite', { callsid, sdp: withoutCandidates(pc.localDescription!.sdp), twilio: { params: params.toString() } });
    return callsid;
  }

  /** Answers an invite it was sent. */
  async answer(invite: Record<string, unknown>, toneHz = 660): Promise<void> {
    const pc = this.media(toneHz);
    await pc.setRemoteDescription({ type: 'offer', sdp: String(invite.sdp) });
    await pc.setLocalDescription(await pc.createAnswer());
    this.send('answer', { callsid: invite.callsid, sdp: withoutCandidates(pc.localDescription!.sdp) });
  }

  hangup(callsid: string) {
    this.send('hangup', { callsid });
    this.stopMedia();
  }

  /** Waits until it has heard `frames` frames with sound in them. */
  async hears(frames = 20, timeoutMs = 20_000): Promise<void> {
    const start = this.heardFrames;
    const deadline = Date.now() + timeoutMs;
    while (this.heardFrames - start < frames) {
      if (Date.now() > deadline) throw new Error(`heard ${this.heardFrames - start} frames of sound, wanted ${frames}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** When it first hears sound after `since` (ms). */
  async soundAfter(since: number, timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.lastHeardAt <= since) {
      if (Date.now() > deadline) throw new Error('heard no sound');
      await new Promise((r) => setTimeout(r, 2));
    }
    return this.lastHeardAt;
  }

  private stopMedia() {
    this.peer?.close();
    this.peer = null;
  }

  close() {
    this.stopMedia();
    this.ws.close();
  }
}
