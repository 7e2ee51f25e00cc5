import { phoneButtonLabel } from '@agency/contracts';
import { canDial, dialerValue, recentNumbers, rememberNumber } from './dialer';
import { buttonStatus, type PhoneState } from './softphone';
import { SOUND_SEGMENTS, wav } from './sounds';
import { formatTimer } from './useCallTimer';
import { volumeLevel } from './VolumeMeter';

const state = (over: Partial<PhoneState> = {}): PhoneState => ({ device: 'ready', error: null, trustUrl: null, call: null, lastCalls: [], ...over });
const call = (status: NonNullable<PhoneState['call']>['status']): PhoneState['call'] => ({
  sid: null,
  direction: 'incoming',
  number: '15125550142',
  name: '',
  clientId: null,
  location: '',
  ivr: '',
  callId: null,
  kind: null,
  status,
  startedAt: null,
  muted: false,
  volume: { input: 0, output: 0 },
  said: [],
});

describe('the dialer', () => {
  it('holds digits only, begins with 1, and at most 11', () => {
    expect(dialerValue('(512) 555-0142')).toBe('15125550142');
    expect(dialerValue('1-512-555-0142 ext 9')).toBe('15125550142');
    expect(dialerValue('abc')).toBe('');
    expect(canDial('1512555014')).toBe(false);
    expect(canDial('15125550142')).toBe(true);
  });

  it('remembers up to 25 unique 11-digit numbers, newest first', () => {
    localStorage.clear();
    for (let i = 0; i < 30; i++) rememberNumber(`1512555${String(i).padStart(4, '0')}`);
    rememberNumber('15125550003');
    rememberNumber('555');
    const list = recentNumbers();
    expect(list).toHaveLength(25);
    expect(list[0]).toBe('15125550003');
    expect(new Set(list).size).toBe(25);
  });
});

describe('the phone button', () => {
  it.each([
    [state({ call: call('pending') }), 'Answer Call'],
    [state({ call: call('open') }), 'Toggle Mute Call'],
    [state({ call: call('ringing') }), 'Toggle Mute Call'],
    [state(), 'Place Call'],
    [state({ call: call('reconnecting') }), 'Reconnecting to call'],
    [state({ call: call('connecting') }), 'Connecting to call'],
    [state({ device: 'error' }), 'Phone Disabled'],
    [state({ device: 'init' }), 'Phone Disabled'],
  ])('%# reads %s', (s, label) => {
    expect(phoneButtonLabel(buttonStatus(s))).toBe(label);
  });
});

describe('the call UI', () => {
  it('colours volume levels as the spec says', () => {
    expect([0, 0.2, 0.6, 0.9].map((l) => volumeLevel(l).name)).toEqual(['none', 'good', 'medium', 'high']);
  });
  it('shows the timer as minutes:seconds', () => {
    expect([0, 9, 65, 3600].map(formatTimer)).toEqual(['0:00', '0:09', '1:05', '60:00']);
  });
  it('makes all 15 sounds the Voice SDK plays, as WAV', () => {
    expect(Object.keys(SOUND_SEGMENTS).sort()).toEqual(
      ['disconnect', 'dtmf0', 'dtmf1', 'dtmf2', 'dtmf3', 'dtmf4', 'dtmf5', 'dtmf6', 'dtmf7', 'dtmf8', 'dtmf9', 'dtmfh', 'dtmfs', 'incoming', 'outgoing'].sort(),
    );
    const tone = wav([[[697, 1209], 160]]);
    expect(String.fromCharCode(...tone.slice(0, 4))).toBe('RIFF');
    expect(tone.length).toBe(44 + 8000 * 0.16 * 2);
  });
});
