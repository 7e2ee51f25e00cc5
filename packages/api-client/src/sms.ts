import type { SimulatorText, SmsMessage, SmsRoom } from '@agency/contracts';
import { api } from './index';

const data = <T>(r: { data: T }) => r.data;

/** The SMS inbox over HTTP (the screens mostly use the socket) and the carrier simulator. */
export const smsApi = {
  rooms: () => api.get<SmsRoom[]>('/sms/rooms').then(data),
  updateRoom: (id: string, body: { clientId?: string | null; status?: 'open' | 'completed' }) => api.put<SmsRoom>(`/sms/room/${id}`, body).then(data),
  simulatorNumbers: () => api.get<Array<{ phoneNumber: string; friendlyName: string }>>('/sms/simulator/numbers').then(data),
  simulatorText: (text: SimulatorText) => api.post<{ sid: string }>('/sms/simulator/text', text).then(data),
  simulatorTexts: (number: string) => api.get<SmsMessage[]>('/sms/simulator/texts', { params: { number } }).then(data),
};
