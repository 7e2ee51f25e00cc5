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
    closeDevices: () => {
      for (const d of devices) d.close();
      devices = [];
    },
  };
}
