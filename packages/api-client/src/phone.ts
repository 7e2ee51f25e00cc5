import type {
  CallFlowRecording,
  CallLogEntry,
  CallLogPage,
  CallLogQuery,
  Conference,
  ConferenceParticipantInput,
  OutgoingLocation,
  PhoneQueue,
  PhoneToken,
  WorkCount,
} from '@agency/contracts';
import { api } from './index';

/** The phone (spec 000 §7 "Phone", spec 001 §7 "Call log"). */
export const phoneApi = {
  /** The browser phone's access token. */
  token: () => api.post<PhoneToken>('/phone/token').then((r) => r.data),
  /** A token that makes this browser a client's phone on the local carrier (owners and admins). */
  simulatorToken: (phoneNumber: string) => api.post<PhoneToken>('/phone/simulator/token', { phoneNumber }).then((r) => r.data),
  /** Cold transfer of the call in progress to a colleague (user id) or an 11-digit number. */
  transfer: (callSid: string, target: string) =>
    api.post<{ message: string }>(`/phone/transfer/cold/${encodeURIComponent(callSid)}/to/${encodeURIComponent(target)}`).then((r) => r.data),
  /** A call's recording as audio the page can play. */
  recordingAudio: (callId: string) => api.get<Blob>(`/phone/recordings/${callId}`, { responseType: 'blob' }).then((r) => r.data),
  deleteRecording: (callId: string, recordingSid: string) => api.delete<{ message: string }>(`/phone/recording/${callId}/${recordingSid}`).then((r) => r.data),
  /** Sends an incoming call (ringing here, or this user's) to the location's voicemail. */
  sendToVoicemail: (callIdOrSid: string) => api.put<{ message: string }>(`/phone/voicemail/${encodeURIComponent(callIdOrSid)}`).then((r) => r.data),
  /** Pauses or resumes the recording of the call this leg is on. */
  pauseRecording: (callSid: string, paused: boolean) =>
    api.put<{ message: string }>(`/phone/recording/${encodeURIComponent(callSid)}/${paused ? 'pause' : 'resume'}`).then((r) => r.data),
  /** The location a number's contact is served from, if any (multi-location accounts ask before dialling). */
  outgoingLocation: (to: string) => api.post<OutgoingLocation>('/phone/outgoing/location', { To: to }).then((r) => r.data),
  /** The account's call queues (locations whose call flow has its queue on). */
  queues: () => api.get<{ items: PhoneQueue[] }>('/phone/queues').then((r) => r.data.items),
  /** Take Next Call: the caller who has waited longest in the queue rings this user's phone. */
  takeNextCall: (queueId: string) => api.post<{ callId: string }>(`/phone/queue/assign/${queueId}`).then((r) => r.data),
  /** The account's call-flow recordings (owners and admins). */
  flowRecordings: () => api.get<CallFlowRecording[]>('/utilities/getFiles/callFlow').then((r) => r.data),
  /** Uploads a call-flow recording (MP3 or WAV) under a label. */
  uploadFlowRecording: (label: string, file: File) => {
    const form = new FormData();
    form.append('label', label);
    form.append('file', file, file.name);
    return api.post<CallFlowRecording>('/utilities/upload/callFlow', form).then((r) => r.data);
  },
  deleteFlowRecording: (id: string) => api.delete<{ message: string }>(`/utilities/upload/callFlow/${id}`).then((r) => r.data),
  logs: (query: CallLogQuery) => api.get<CallLogPage>('/phone/logs', { params: query }).then((r) => r.data),
  /** Calls with a recording (the Recordings view). */
  recordings: (query: Omit<CallLogQuery, 'view'>) => api.get<CallLogPage>('/phone/logs/recordings', { params: query }).then((r) => r.data),
  /** Marks a call as reviewed by the signed-in user, or unmarks it. */
  /** Calls waiting for review: in all, and per location. */
  workCount: () => api.get<WorkCount>('/phone/logs/work-count').then((r) => r.data),
  /** The conference of the call this leg is on (404 once the call is over). */
  conference: (callSid: string) => api.get<Conference>(`/phone/conference/${encodeURIComponent(callSid)}/participants`).then((r) => r.data),
  /** Calls a colleague (user id) or a number (11 digits) into the call. */
  addParticipant: (callSid: string, to: string) => api.post<Conference>(`/phone/conference/${encodeURIComponent(callSid)}/add`, { to }).then((r) => r.data),
  /** Joins a colleague's call as their coach (heard only by them); `userId` is the colleague's. */
  coach: (userId: string) => api.post<Conference>(`/phone/conference/${encodeURIComponent(userId)}/add`, { to: userId, coach: true }).then((r) => r.data),
  updateParticipant: (callSid: string, label: string, change: ConferenceParticipantInput) =>
    api.put<Conference>(`/phone/conference/${encodeURIComponent(callSid)}/participants/${encodeURIComponent(label)}`, change).then((r) => r.data),
  removeParticipant: (callSid: string, label: string) =>
    api.delete<{ message: string }>(`/phone/conference/${encodeURIComponent(callSid)}/participants/${encodeURIComponent(label)}`).then((r) => r.data),
  /** Holds or resumes the call: everyone else on it hears hold music. */
  holdCall: (callSid: string, onHold: boolean) =>
    api.put<Conference>(`/phone/conference/${encodeURIComponent(callSid)}/participants`, { onHold }).then((r) => r.data),
  review: (id: string, reviewed: boolean) =>
    (reviewed ? api.put<CallLogEntry>(`/phone/logs/work/${id}`) : api.delete<CallLogEntry>(`/phone/logs/work/${id}`)).then((r) => r.data),
};
