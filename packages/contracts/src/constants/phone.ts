/** The phone's limits, call statuses, labels and messages (the schemas are in ../phone). */
import type { CallStatus, CallLogEntry, PhoneButtonStatus, ConferenceParticipant } from '../phone';

/** POST /phone/token: the longest a browser Device's token lives (36000 s; the server gives no more than the session's idle limit, and it is refreshed every 10 minutes). */
export const PHONE_TOKEN_TTL_SECONDS = 36_000;
export const PHONE_TOKEN_REFRESH_MS = 10 * 60 * 1000;
/** A number as the phone dials it: exactly 11 digits beginning with 1 (spec 000 §5). */
export const DIALER_MAX_DIGITS = 11;
export const isDialable = (digits: string) => /^1\d{10}$/.test(digits);
export const CALL_FORMATS = ['inbound', 'outbound', 'transfer', 'transfer-external', 'voicemail'] as const;
/**
 * What the carrier says of an incoming caller (spec 000 "Caller", spec 001 "Call log entry"):
 * verified (the caller's number is attested in full), unverified (partly attested or not at all),
 * spam (the carrier's spam signal) or fraud (the number failed validation: likely spoofed).
 */
export const CALLER_VERIFICATIONS = ['verified', 'unverified', 'spam', 'fraud'] as const;
export const CALL_STATUSES = ['ringing', 'in-progress', 'completed', 'missed', 'hangup', 'no-answer', 'busy', 'error', 'blocked'] as const;
/** How a call's status reads in the call log and on a contact's record. */
export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  completed: 'Completed',
  'in-progress': 'In progress',
  ringing: 'Ringing',
  missed: 'Missed',
  hangup: 'Hung up',
  'no-answer': 'No answer',
  busy: 'Busy',
  error: 'Error',
  blocked: 'Blocked',
};
/** Statuses a person follows up on (spec 001 §4 "Call review"); voicemails too. */
export const REVIEWABLE_STATUSES: CallStatus[] = ['missed', 'hangup', 'no-answer', 'error'];
export const CALL_LOG_VIEWS = ['all', 'mine', 'missed', 'voicemails', 'recordings'] as const;
export const CALL_LOG_PAGE_SIZES = [5, 10, 25, 50] as const;
/** A call can be reviewed when it needs following up and nobody else reviewed it (spec 001 §4). */
export function canReview(entry: Pick<CallLogEntry, 'status' | 'format' | 'viewedBy'>, userId: string): boolean {
  const needs = REVIEWABLE_STATUSES.includes(entry.status) || entry.format === 'voicemail';
  return needs && (!entry.viewedBy || entry.viewedBy.id === userId);
}
/** The phone drawer's messages (spec 000 §4, §8), word for word. */
export const CALL_MESSAGES = {
  inputDevice: 'Unable to find or set the phone input device.  Please check your settings.',
  phoneError: 'We have detected an error with the phone. Please refresh or contact tech support if issues persists.',
  callError: (message: string) => `Call encountered an error. ${message}`.trim(),
  transferMissingId: 'Unable to transfer call.  Missing call id.  Please try again.',
  microphone: 'Please check that your browser has access to the microphone and output devices',
  reconnecting: 'Call was disconnected... trying to reconnect',
  reconnected: 'Call regained connectivity.',
  markReviewed: 'Mark call as reviewed?',
  deleteRecording: 'Sure you want to delete this recording?',
  recordingsFailed: (message: string) => `Unable to get recordings.  ${message}`,
  unmarkReviewed: 'Unmark call as reviewed?',
} as const;
export function phoneButtonLabel(status: PhoneButtonStatus): string {
  switch (status) {
    case 'pending':
      return 'Answer Call';
    case 'open':
    case 'ringing':
    case 'connected':
      return 'Toggle Mute Call';
    case 'ready':
    case 'closed':
      return 'Place Call';
    case 'reconnecting':
      return 'Reconnecting to call';
    case 'connecting':
      return 'Connecting to call';
    default:
      return 'Phone Disabled';
  }
}
export const QUEUE_MESSAGES = {
  takeNextCall: 'Take Next Call',
  empty: 'Nobody is waiting in this queue.',
  takeFailed: (message: string) => `Unable to take the next call: ${message}`,
  notReady: 'Your phone is not ready to take a call.',
} as const;
/** A wait in short units: '45s', '3m', '1h 5m'. */
export function shortWait(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  const m = Math.floor((s % 3600) / 60);
  return m ? `${Math.floor(s / 3600)}h ${m}m` : `${Math.floor(s / 3600)}h`;
}
export const CONFERENCE_MESSAGES = {
  notInProgress: 'That call is not in progress',
  enterTarget: 'Choose a colleague or enter a number of 11 digits',
  alreadyOnCall: 'Already on this call',
  notParticipant: 'That participant is not on this call',
  added: 'Participant added',
  removed: 'Participant removed',
  addParticipant: 'Add Participant',
  hold: 'Hold',
  resume: 'Resume',
  leave: 'Leave Call',
  /** Leave Call did not take the person off the call (the reason follows). */
  leaveFailed: 'You are still on the call: leaving it did not work.',
  notOnCall: 'They are not on a call',
} as const;
/** A participant's name as the call panel shows it: their name, else their number. */
export function participantName(
  p: Pick<ConferenceParticipant, 'firstName' | 'lastName' | 'phoneNumber'>,
  formatNumber: (digits: string) => string = (d) => d,
): string {
  return `${p.firstName} ${p.lastName}`.trim() || (p.phoneNumber ? formatNumber(p.phoneNumber) : '');
}
