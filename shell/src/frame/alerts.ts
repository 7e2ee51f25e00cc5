import type { SmsMessage, SmsRoom } from '@agency/contracts';
import { formatPhone } from '@agency/ui';
import attentionSound from './sounds/attention.wav';
import smsSound from './sounds/sms.wav';

/** Spec 000 §9: audio alerts play at half volume. */
export const ALERT_VOLUME = 0.5;
export type AlertSound = 'sms' | 'attention';
const SOUNDS: Record<AlertSound, string> = { sms: smsSound, attention: attentionSound };

export function playAlert(sound: AlertSound): void {
  const audio = new Audio(SOUNDS[sound]);
  audio.volume = ALERT_VOLUME;
  // A browser that has not been clicked yet may refuse to play; the notice still shows.
  void audio.play()?.catch(() => undefined);
}

/**
 * The sound of a client's text: attention for a room this person follows, sms otherwise, and
 * none for the room already open on screen or for anything but a client's text.
 */
export function textAlert(event: { room: SmsRoom; message: SmsMessage }, me: string | undefined, pathname: string): AlertSound | null {
  if (event.message.flow !== 'incoming' || event.message.type !== 'message') return null;
  if (pathname === `/messages/${event.room.id}`) return null;
  return event.room.favorited.some((f) => f.id === me) ? 'attention' : 'sms';
}

/**
 * What a screen reader hears of a client's text, on every page and in its open room too (a sighted
 * person sees it arrive there; the room's sound is spared, not the words).
 */
export function textAnnouncement(event: { room: SmsRoom; message: SmsMessage }): string | null {
  if (event.message.flow !== 'incoming' || event.message.type !== 'message') return null;
  return `New text from ${event.room.client?.name || formatPhone(event.room.phoneNumber)}`;
}
