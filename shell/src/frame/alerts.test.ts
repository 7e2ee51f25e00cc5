import type { SmsMessage, SmsRoom } from '@agency/contracts';
import { ALERT_VOLUME, playAlert, textAlert, textAnnouncement } from './alerts';

const room = (favorited: string[] = []) => ({ id: 'r1', favorited: favorited.map((id) => ({ id })) }) as unknown as SmsRoom;
const text = (over: Partial<SmsMessage> = {}) => ({ flow: 'incoming', type: 'message', ...over }) as SmsMessage;

test("rings sms for a client's text, attention in a followed room, nothing in the open room or for our own", () => {
  expect(textAlert({ room: room(), message: text() }, 'me', '/contacts')).toBe('sms');
  expect(textAlert({ room: room(['me']), message: text() }, 'me', '/')).toBe('attention');
  expect(textAlert({ room: room(['me']), message: text() }, 'me', '/messages/r1')).toBeNull();
  expect(textAlert({ room: room(), message: text({ flow: 'outgoing' }) }, 'me', '/')).toBeNull();
  expect(textAlert({ room: room(), message: text({ type: 'optin' }) }, 'me', '/')).toBeNull();
});

test('plays at half volume', () => {
  const played: Array<{ src: string; volume: number }> = [];
  const original = window.Audio;
  window.Audio = jest.fn((src: string) => {
    const audio = { src, volume: 1, play: () => Promise.resolve() };
    played.push(audio);
    return audio;
  }) as unknown as typeof Audio;
  try {
    playAlert('attention');
  } finally {
    window.Audio = original;
  }
  expect(played).toHaveLength(1);
  expect(played[0]!.volume).toBe(ALERT_VOLUME);
  expect(ALERT_VOLUME).toBe(0.5);
});

test("a client's text is read out by who sent it, in its open room too; our own and opt-ins are not", () => {
  const named = { id: 'r1', favorited: [], client: { name: 'Jane Doe' }, phoneNumber: '15125550142' } as unknown as SmsRoom;
  const unnamed = { id: 'r2', favorited: [], client: null, phoneNumber: '15125550142' } as unknown as SmsRoom;
  expect(textAnnouncement({ room: named, message: text() })).toBe('New text from Jane Doe');
  expect(textAnnouncement({ room: unnamed, message: text() })).toMatch(/^New text from \+1-512-555-0142$/);
  expect(textAnnouncement({ room: named, message: text({ flow: 'outgoing' }) })).toBeNull();
  expect(textAnnouncement({ room: named, message: text({ type: 'optin' }) })).toBeNull();
});
