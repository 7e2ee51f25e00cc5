import { randomBytes } from 'node:crypto';
import { playHoldMusic } from './holdMusic';
import type { MediaLeg } from './media';
import type { AudioFrame } from './wrtc';

/*
 * Conferences on the local carrier: like Twilio's, a named room of calls where everyone hears
 * everyone else, mixed. A participant on hold hears hold music and is not heard; a muted one hears
 * and is not heard; a coach (coaching a call) is heard only by the participant on that call.
 *
 * Each listener gets its own mix, clocked by the speakers' own frames: a speaker's frame is added
 * to the listener's pending mix, which is played once every audible speaker has given one (or one
 * of them gives a second). With one speaker that is the frame itself, as in a two-party bridge.
 */

/**
 * Sums frames from several speakers into one for one listener. Its buffers are kept from one frame
 * to the next: whoever it hands a frame to (the leg's source, the recorder) copies it at once.
 */
class Mix {
  private sum = new Int32Array(0);
  private samples = new Int16Array(0);
  /** The first frame of the pending mix (its format); null when nothing is pending. */
  private template: AudioFrame | null = null;
  private readonly from = new Set<string>();

  constructor(private readonly out: (frame: AudioFrame) => void) {}

  add(speaker: string, frame: AudioFrame, speakers: number) {
    if (this.from.has(speaker)) this.flush();
    if (!this.template) {
      if (this.sum.length !== frame.samples.length) {
        this.sum = new Int32Array(frame.samples.length);
        this.samples = new Int16Array(frame.samples.length);
      } else this.sum.fill(0);
      this.template = frame;
    }
    const sum = this.sum;
    const n = Math.min(sum.length, frame.samples.length);
    for (let i = 0; i < n; i++) sum[i]! += frame.samples[i]!;
    this.from.add(speaker);
    if (this.from.size >= speakers) this.flush();
  }

  flush() {
    const template = this.template;
    if (!template) return;
    const { sum, samples } = this;
    for (let i = 0; i < sum.length; i++) samples[i] = Math.max(-32768, Math.min(32767, sum[i]!));
    this.template = null;
    this.from.clear();
    this.out({
      samples,
      sampleRate: template.sampleRate,
      bitsPerSample: template.bitsPerSample,
      channelCount: template.channelCount,
      numberOfFrames: template.numberOfFrames,
    });
  }
}

const silentFrames = new Map<number, Int16Array>();
const silence = (length: number) => {
  let frame = silentFrames.get(length);
  if (!frame) silentFrames.set(length, (frame = new Int16Array(length)));
  return frame;
};

export interface Member {
  callSid: string;
  media: MediaLeg;
  muted: boolean;
  hold: boolean;
  /** Talking now, as the speech events last said. */
  speaking: boolean;
  coach: string | null;
  statusCallback: string | null;
  /** Ends the member's stay: its call goes on with what follows its Dial. */
  leave: () => void;
  /** Every mix this member hears (its call's recording listens here). */
  onMix: ((frame: AudioFrame) => void) | null;
}

export type ConferenceEvent =
  | 'participant-join'
  | 'participant-leave'
  | 'participant-hold'
  | 'participant-unhold'
  | 'participant-mute'
  | 'participant-unmute'
  | 'participant-speech-start'
  | 'participant-speech-stop'
  | 'conference-end';

/** Speech, as the room hears it: a frame this loud (RMS) is voice; 3 in a row start it, a second of quiet ends it. */
const SPEECH_RMS = 300;
const SPEECH_START_FRAMES = 3;
const SPEECH_STOP_FRAMES = 100;

export class ConferenceRoom {
  readonly sid = `CF${randomBytes(16).toString('hex')}`;
  readonly members = new Map<string, Member>();
  private readonly mixes = new Map<string, Mix>();
  private readonly stops = new Map<string, () => void>();
  private readonly holdMusic = new Map<string, () => void>();
  private readonly voice = new Map<string, { loud: number; quiet: number }>();
  /**
   * The mixer's own record of what it decided: for each speaker, how many of its frames reached the
   * room and how many of those went into each listener's mix. A leg is sent only its mix (or hold
   * music, or silence), so this says who hears whom without listening to the audio on a clock.
   */
  private readonly tally = new Map<string, { frames: number; to: Map<string, number> }>();

  constructor(
    readonly name: string,
    private readonly notify: (room: ConferenceRoom, event: ConferenceEvent, member: Member) => void,
  ) {}

  /** Whether `listener` hears `speaker`. */
  private hears(listener: Member, speaker: Member): boolean {
    if (listener === speaker || listener.hold || speaker.hold || speaker.muted) return false;
    return speaker.coach === null || speaker.coach === listener.callSid;
  }

  private speakersFor(listener: Member): number {
    let n = 0;
    for (const m of this.members.values()) if (this.hears(listener, m)) n++;
    return n;
  }

  join(member: Member) {
    this.members.set(member.callSid, member);
    this.mixes.set(
      member.callSid,
      new Mix((frame) => {
        member.media.play(frame);
        member.onMix?.(frame);
      }),
    );
    this.stops.set(
      member.callSid,
      member.media.onFrame((frame) => {
        this.hearSpeech(member, frame);
        let tally = this.tally.get(member.callSid);
        if (!tally) this.tally.set(member.callSid, (tally = { frames: 0, to: new Map() }));
        tally.frames++;
        for (const listener of this.members.values()) {
          if (!this.hears(listener, member)) continue;
          tally.to.set(listener.callSid, (tally.to.get(listener.callSid) ?? 0) + 1);
          this.mixes.get(listener.callSid)?.add(member.callSid, frame, this.speakersFor(listener));
        }
        // Nobody to hear (alone, or everyone else held): the line carries silence, as a bridge does,
        // clocked by this member's own frames.
        if (!member.hold && this.speakersFor(member) === 0) member.media.play({ ...frame, samples: silence(frame.samples.length) });
      }),
    );
    this.notify(this, 'participant-join', member);
  }

  /** How many frames `speaker` has sent into the room, and how many went into each listener's mix. */
  routed(speaker: string): { frames: number; to: Record<string, number> } {
    const tally = this.tally.get(speaker);
    return { frames: tally?.frames ?? 0, to: Object.fromEntries(tally?.to ?? []) };
  }

  /** Tells when a member starts and stops talking (Twilio's speaker events). */
  private hearSpeech(member: Member, frame: AudioFrame) {
    let sum = 0;
    const samples = frame.samples;
    for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
    const loud = Math.sqrt(sum / Math.max(1, frame.samples.length)) > SPEECH_RMS && !member.muted && !member.hold;
    let v = this.voice.get(member.callSid);
    if (!v) this.voice.set(member.callSid, (v = { loud: 0, quiet: 0 }));
    if (loud) {
      v.loud++;
      v.quiet = 0;
    } else {
      v.quiet++;
      v.loud = 0;
    }
    if (!member.speaking && v.loud >= SPEECH_START_FRAMES) {
      member.speaking = true;
      this.notify(this, 'participant-speech-start', member);
    } else if (member.speaking && v.quiet >= SPEECH_STOP_FRAMES) {
      member.speaking = false;
      this.notify(this, 'participant-speech-stop', member);
    }
  }

  /** Held or muted: not heard, so no longer talking. */
  private hushed(member: Member) {
    if (!member.speaking) return;
    member.speaking = false;
    this.notify(this, 'participant-speech-stop', member);
  }

  leave(callSid: string) {
    const member = this.members.get(callSid);
    if (!member) return;
    this.members.delete(callSid);
    this.stops.get(callSid)?.();
    this.stops.delete(callSid);
    this.mixes.get(callSid)?.flush();
    this.mixes.delete(callSid);
    this.holdMusic.get(callSid)?.();
    this.holdMusic.delete(callSid);
    this.voice.delete(callSid);
    this.notify(this, 'participant-leave', member);
    if (!this.members.size) this.notify(this, 'conference-end', member);
  }

  hold(callSid: string, hold: boolean, track: string) {
    const member = this.members.get(callSid);
    if (!member || member.hold === hold) return;
    member.hold = hold;
    if (hold) this.holdMusic.set(callSid, playHoldMusic(member.media, track));
    else {
      this.holdMusic.get(callSid)?.();
      this.holdMusic.delete(callSid);
    }
    this.notify(this, hold ? 'participant-hold' : 'participant-unhold', member);
    if (hold) this.hushed(member);
  }

  mute(callSid: string, muted: boolean) {
    const member = this.members.get(callSid);
    if (!member || member.muted === muted) return;
    member.muted = muted;
    this.notify(this, muted ? 'participant-mute' : 'participant-unmute', member);
    if (muted) this.hushed(member);
  }

  /** Everyone leaves (their calls go on with what follows their Dial). */
  end() {
    for (const member of [...this.members.values()]) member.leave();
  }
}
