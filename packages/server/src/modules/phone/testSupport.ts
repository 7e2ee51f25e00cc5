import type { LightMyRequestResponse } from 'fastify';
import { SimulatedPhone } from '../../providers/carrier/local/voice/simulatedPhone';
import { bearer, type TestServer } from '../../testing/harness';

export const EMMA = '00000000-0000-4000-9000-000000000003';
export const AUSTIN = '00000000-0000-4000-a000-000000000001';

/**
 * What the phone's server tests share: the API as a signed-in person, phone tokens, and simulated
 * phones on the local carrier's signalling (closed between tests).
 */
export function phoneTestKit(current: () => { s: TestServer; owner: string; port: number }) {
  let devices: SimulatedPhone[] = [];
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = current().owner, payload?: unknown): Promise<LightMyRequestResponse> =>
    current().s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    api,
    userToken: async (token: string) => (await api('POST', '/phone/token', token)).json().token as string,
    simToken: async (phoneNumber: string) => (await api('POST', '/phone/simulator/token', current().owner, { phoneNumber })).json().token as string,
    open: async (token: string, register = true) => {
      const d = await SimulatedPhone.connect(`wss://127.0.0.1:${current().port}/signal`, token, register);
      devices.push(d);
      return d;
    },
    /** Waits until the carrier has heard `frames` frames with sound from the call's Device (at most 10 s). */
    carrierHears: async (callSid: string, frames = 50) => {
      const switchboard = current().s.app.deps.carrier.switchboard!;
      const deadline = Date.now() + 10_000;
      while (switchboard.soundFrom(callSid) < frames) {
        if (Date.now() > deadline) throw new Error(`the carrier heard ${switchboard.soundFrom(callSid)} frames of sound from ${callSid}, wanted ${frames}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /**
     * What the conference's mixer did with the next `frames` frames the call `speaker` sent into
     * the room (waits for them, at most 10 s): how many went into each call's mix. The mixer's own
     * record, so it says who hears whom however late the audio itself arrives.
     */
    routedNext: async (speaker: string, frames = 50): Promise<{ frames: number; to: Record<string, number> }> => {
      const switchboard = current().s.app.deps.carrier.switchboard!;
      const deadline = Date.now() + 10_000;
      const wait = () => new Promise((r) => setTimeout(r, 20));
      let start = switchboard.routed(speaker);
      while (!start) {
        if (Date.now() > deadline) throw new Error(`${speaker} is in no conference`);
        await wait();
        start = switchboard.routed(speaker);
      }
      for (;;) {
        const now = switchboard.routed(speaker);
        if (!now) throw new Error(`${speaker} left the conference`);
        if (now.frames - start.frames >= frames) {
          const to = Object.entries(now.to)
            .map(([listener, n]) => [listener, n - (start.to[listener] ?? 0)] as const)
            .filter(([, n]) => n > 0);
          return { frames: now.frames - start.frames, to: Object.fromEntries(to) };
        }
        if (Date.now() > deadline) throw new Error(`the room took ${now.frames - start.frames} frames of ${speaker}, wanted ${frames}`);
        await wait();
      }
    },
    closeDevices: () => {
      for (const d of devices) d.close();
      devices = [];
    },
  };
}
