import type { PhoneToken } from '@agency/contracts';
import { Softphone, SoundAfterGesture, UNTRUSTED_LINE } from './softphone';

/*
 * The Softphone around a stand-in Voice SDK: what it asks the Device for and what it keeps of a
 * call. The real SDK against the local carrier is the journeys' part.
 */
type Handler = (...args: unknown[]) => void;
class Emitter {
  handlers: Record<string, Handler[]> = {};
  on(event: string, handler: Handler) {
    (this.handlers[event] ??= []).push(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const h of this.handlers[event] ?? []) h(...args);
  }
}
class FakeCall extends Emitter {
  parameters = { CallSid: 'CA-out-1' };
  disconnect() {
    this.emit('disconnect');
  }
}
const devices: FakeDevice[] = [];
class FakeDevice extends Emitter {
  static State = { Registered: 'registered' };
  state = 'registered';
  audio = undefined;
  connected: Array<{ params: Record<string, string> }> = [];
  call = new FakeCall();
  /** Whether the page's AudioContext was in sight as the Device was made (the SDK makes one from it). */
  sawAudioContext = typeof (window as unknown as { AudioContext?: unknown }).AudioContext === 'function';
  /** The Sound the Device was told to make its sounds with (the SDK's own when none). */
  Sound: unknown;
  constructor(_token: string, options: { Sound?: unknown }) {
    super();
    this.Sound = options.Sound;
    devices.push(this);
  }
  async register() {
    this.emit('registered');
  }
  async connect(options: { params: Record<string, string> }) {
    this.connected.push(options);
    return this.call;
  }
  destroy() {}
  updateToken() {}
}
jest.mock('@twilio/voice-sdk', () => ({
  get Device() {
    return FakeDevice;
  },
  Call: { Codec: { Opus: 'opus', PCMU: 'pcmu' } },
}));
jest.mock('./sounds', () => ({ soundUrls: () => ({}), soundsMayPlay: async () => true }));
jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));

const token = async () => ({ token: 't', identity: 'u1', ttl: 36000 }) as unknown as PhoneToken;

describe('an outgoing call', () => {
  it('carries the contact it calls: the carrier gets the client id, the call and its Last Call entry keep it', async () => {
    const phone = new Softphone(token);
    await phone.start();
    expect(phone.state$.value.device).toBe('ready');
    await phone.dial('15125550142', { name: 'James Carter', clientId: 'client-7' });
    const device = devices[devices.length - 1];
    expect(device.connected[0].params).toEqual({ To: '15125550142', Client: 'client-7' });
    expect(phone.state$.value.call).toMatchObject({ direction: 'outgoing', name: 'James Carter', clientId: 'client-7' });
    device.call.emit('accept');
    phone.hangUp();
    expect(phone.state$.value.call).toBeNull();
    expect(phone.state$.value.lastCalls[0]).toMatchObject({ id: 'CA-out-1', direction: 'outgoing', clientId: 'client-7' });
    phone.destroy();
  });

  it("from the call simulator, asks the local carrier for the caller's attestation", async () => {
    const phone = new Softphone(token);
    await phone.start();
    await phone.dial('15125550001', { attest: 'fail' });
    expect(devices[devices.length - 1].connected[0].params).toEqual({ To: '15125550001', Attest: 'fail' });
    phone.destroy();
  });

  it('dialled from the keypad, sends no client and keeps none', async () => {
    const phone = new Softphone(token);
    await phone.start();
    await phone.dial('15125550142');
    expect(devices[devices.length - 1].connected[0].params).toEqual({ To: '15125550142' });
    expect(phone.state$.value.call?.clientId).toBeNull();
    phone.destroy();
  });
});

describe('an incoming call', () => {
  const ring = (custom: Record<string, string>) => {
    const call = new FakeCall();
    Object.assign(call, { parameters: { CallSid: 'CA-in-1', From: '+15125550142' }, customParameters: new Map(Object.entries(custom)) });
    return call;
  };

  it('keeps what the carrier said of the caller, and nothing it does not know', async () => {
    const phone = new Softphone(token);
    await phone.start();
    const device = devices[devices.length - 1];
    device.emit('incoming', ring({ callerName: 'James Carter', verification: 'spam' }));
    expect(phone.state$.value.call).toMatchObject({ direction: 'incoming', name: 'James Carter', verification: 'spam' });
    phone.hangUp();
    device.emit('incoming', ring({ verification: 'trusted' }));
    expect(phone.state$.value.call?.verification ?? null).toBeNull();
    phone.destroy();
  });
});

describe('the local carrier’s signalling', () => {
  const localToken = async () =>
    ({ token: 't', identity: 'u1', ttl: 36000, chunderw: 'localhost:8444', trustUrl: 'https://localhost:8444/trust' }) as unknown as PhoneToken;
  let logged: jest.SpyInstance[];
  beforeEach(() => {
    logged = [jest.spyOn(console, 'error'), jest.spyOn(console, 'warn'), jest.spyOn(console, 'log')];
  });
  afterEach(() => logged.forEach((spy) => spy.mockRestore()));

  it('is asked once before the phone registers; when this browser cannot reach it, the phone says how to trust it and makes no Device', async () => {
    const asked: string[] = [];
    const before = devices.length;
    const phone = new Softphone(localToken, {}, async (url) => (asked.push(url), false));
    await phone.start();
    expect(asked).toEqual(['https://localhost:8444/trust']);
    expect(devices.length).toBe(before);
    expect(phone.state$.value).toMatchObject({ device: 'error', error: UNTRUSTED_LINE, trustUrl: 'https://localhost:8444/trust' });
    logged.forEach((spy) => expect(spy).not.toHaveBeenCalled());

    // trusted since: Retry asks once more and registers
    const retry = new Softphone(localToken, {}, async (url) => (asked.push(url), true));
    await retry.start();
    expect(asked).toHaveLength(2);
    expect(devices.length).toBe(before + 1);
    expect(retry.state$.value).toMatchObject({ device: 'ready', error: null, trustUrl: null });
    phone.destroy();
    retry.destroy();
  });
});

describe('sounds', () => {
  const activation = { hasBeenActive: false };
  beforeAll(() => Object.defineProperty(navigator, 'userActivation', { value: activation, configurable: true }));
  afterAll(() => Reflect.deleteProperty(navigator, 'userActivation'));

  it('are prepared on the first gesture: before it the Device is made without sounds or an AudioContext, after it made again with both', async () => {
    const w = window as unknown as { AudioContext?: unknown };
    const original = w.AudioContext;
    w.AudioContext = class {};
    const start = devices.length;
    const phone = new Softphone(token, {}, undefined, undefined, async () => true);
    const made = () => devices.slice(start);
    try {
      await phone.start();
      expect(made().map((d) => d.sawAudioContext)).toEqual([false]);
      // the browser would refuse each sound's play() now: the Device's stand-in plays nothing
      expect(made()[0].Sound).toBe(SoundAfterGesture);
      expect(w.AudioContext).toBeDefined();
      // a key press that lets sound start: the phone is made again, with the page's AudioContext in sight
      activation.hasBeenActive = true;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      await new Promise((done) => setTimeout(done, 0));
      expect(made().map((d) => d.sawAudioContext)).toEqual([false, true]);
      expect(made()[1].Sound).toBeUndefined();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
      expect(made()).toHaveLength(2);
      expect(phone.state$.value.device).toBe('ready');
    } finally {
      phone.destroy();
      w.AudioContext = original;
      activation.hasBeenActive = false;
    }
  });

  it('wait for the first gesture when the page says it had one but the browser still refuses to start a sound (a page opened from a link)', async () => {
    activation.hasBeenActive = true;
    let allowed = false;
    const start = devices.length;
    const phone = new Softphone(token, {}, undefined, undefined, async () => allowed);
    const made = () => devices.slice(start);
    try {
      await phone.start();
      expect(made().map((d) => d.Sound)).toEqual([SoundAfterGesture]);
      expect(phone.state$.value.device).toBe('ready');
      // the first click lets sound start: the phone is made again with the SDK's sounds
      allowed = true;
      window.dispatchEvent(new MouseEvent('pointerdown'));
      await new Promise((done) => setTimeout(done, 0));
      expect(made().map((d) => d.Sound)).toEqual([SoundAfterGesture, undefined]);
      expect(phone.state$.value.device).toBe('ready');
    } finally {
      phone.destroy();
      activation.hasBeenActive = false;
    }
  });
});
