import type { ScheduledMessage, ScheduledMessageInput, SimulatorText, SmsMessage, SmsRoom, SmsSearchHit, SmsUpload } from '@agency/contracts';
import { SCHEDULE_MESSAGES } from '@agency/contracts';
import { api, errorMessage } from './index';

const data = <T>(r: { data: T }) => r.data;

/** The SMS inbox over HTTP (the screens mostly use the socket) and the carrier simulator. */
export const smsApi = {
  rooms: () => api.get<SmsRoom[]>('/sms/rooms').then(data),
  /** Texts with the words, grouped by room (4 characters or more). */
  search: (search: string, opts: { signal?: AbortSignal } = {}) =>
    api.get<SmsSearchHit[]>('/sms/search', { params: { search }, signal: opts.signal }).then(data),
  updateRoom: (id: string, body: { clientId?: string | null; status?: 'open' | 'completed' }) => api.put<SmsRoom>(`/sms/room/${id}`, body).then(data),
  scheduled: (filter: { client?: string; room?: string }) => api.get<ScheduledMessage[]>('/sms/message/scheduled_messages', { params: filter }).then(data),
  schedule: (input: ScheduledMessageInput) => api.post<ScheduledMessage>('/sms/message/scheduled_messages', input).then(data),
  /** schedule, with a refusal as an Error carrying the server's words (or the spec's, when there are none). */
  scheduleExplained: (input: ScheduledMessageInput) =>
    smsApi.schedule(input).catch((err: unknown) => {
      throw new Error(errorMessage(err, SCHEDULE_MESSAGES.failed));
    }),
  reschedule: (id: string, input: ScheduledMessageInput) => api.put<ScheduledMessage>(`/sms/message/scheduled_messages/${id}`, input).then(data),
  cancelScheduled: (id: string) => api.delete<{ message: string }>(`/sms/message/scheduled_messages/${id}`).then(data),
  simulatorNumbers: () => api.get<Array<{ phoneNumber: string; friendlyName: string }>>('/sms/simulator/numbers').then(data),
  simulatorText: (text: SimulatorText) => api.post<{ sid: string }>('/sms/simulator/text', text).then(data),
  /** The local carrier fails the next text the agency sends this client. */
  /** A picture to text (JPEG, PNG or GIF up to 5 MB). */
  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<SmsUpload>('/utilities/upload/sms', form).then(data);
  },
  simulatorTexts: (number: string) => api.get<SmsMessage[]>('/sms/simulator/texts', { params: { number } }).then(data),
};
