import { wrtc, type AudioFrame, type WrtcPeer, type WrtcSink, type WrtcSource } from './wrtc';

/*
 * The local carrier's media: like Twilio's media servers, every Device's audio ends here, on one
 * WebRTC peer connection per call leg (@roamhq/wrtc), and the switch bridges legs by handing each
 * 10 ms frame one leg hears to the other leg's source. The Voice SDK sends its SDP without ICE
 * candidates and never trickles them, so this side always gathers its own first: the browser then
 * reaches us, and we learn its address from its checks.
 */

const GATHER_LIMIT_MS = 2000;

function gathered(pc: WrtcPeer): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_LIMIT_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Our side's SDP with its UDP candidates only: media goes over UDP, and a TCP candidate only sets
 * the other side trying connections (and holding sockets) that are never used.
 */
const udpOnly = (sdp: string) =>
  sdp
    .split('\r\n')
    .filter((line) => !/^a=candidate:\S+ \d+ tcp /i.test(line))
    .join('\r\n');

/** Above this RMS a frame carries sound, not line noise. */
const SOUND_RMS = 200;
/** Whether a frame carries sound (a voice, a tone), not line noise or silence. */
export function carriesSound(samples: Int16Array): boolean {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, samples.length)) > SOUND_RMS;
}

/*
 * wrtc hands the frames its threads receive to JS through one callback that runs until its queue is
 * empty, frames that arrive meanwhile included, and forwarding a frame (source.onData) costs this
 * thread a quarter of a millisecond. Once the event loop falls behind (a busy machine, a slow
 * query), every frame queued meanwhile comes at once; on a starved process the callback never
 * caught up, and the API, its sockets and the phones' signalling stood still while the calls went
 * on. So a leg forwards at most TURN_FRAMES frames (250 ms of sound) per turn of the event loop: the
 * rest are too late to be heard in time, and are counted and dropped, so the queue empties at once.
 */
const TURN_FRAMES = 25;
const TURN_MS = 10;
/** Counts the event loop's turns while any leg is open (a timer runs once a turn at most). */
let turn = 0;
let openLegs = 0;
let turns: NodeJS.Timeout | null = null;
/** Frames dropped as too late, since the process started. */
export const lateFrames = { count: 0 };

function legOpened() {
  if (openLegs++ > 0) return;
  turns = setInterval(() => turn++, TURN_MS);
  turns.unref();
}
function legClosed() {
  if (--openLegs > 0 || !turns) return;
  clearInterval(turns);
  turns = null;
}

/** One call leg's media: what the Device sends arrives as frames; what we give `play` it hears. */
export class MediaLeg {
  private readonly pc: WrtcPeer;
  private readonly source: WrtcSource;
  private sink: WrtcSink | null = null;
  private listeners = new Set<(frame: AudioFrame) => void>();
  private closed = false;
  /** Frames forwarded in the event loop's current turn. */
  private framesThisTurn = 0;
  private turn = -1;
  /** Frames heard from the Device with sound in them (what a test waits for before it hangs up). */
  soundFrames = 0;

  constructor() {
    const { RTCPeerConnection, MediaStream, nonstandard } = wrtc();
    this.pc = new RTCPeerConnection({ iceServers: [] });
    this.source = new nonstandard.RTCAudioSource();
    const track = this.source.createTrack();
    // A stream id in the SDP (a=msid): the SDK finds the remote stream only with one.
    this.pc.addTrack(track, new MediaStream([track]));
    legOpened();
    this.pc.addEventListener('track', (e) => {
      if (this.closed || !e.track) return;
      this.sink?.stop();
      this.sink = new nonstandard.RTCAudioSink(e.track);
      this.sink.ondata = (frame) => {
        if (this.turn !== turn) {
          this.turn = turn;
          this.framesThisTurn = 0;
        }
        if (++this.framesThisTurn > TURN_FRAMES) {
          lateFrames.count++;
          return;
        }
        if (carriesSound(frame.samples)) this.soundFrames++;
        for (const listener of this.listeners) listener(frame);
      };
    });
  }

  /** Answers a Device's offer; the answer carries our candidates. */
  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await gathered(this.pc);
    return udpOnly(this.pc.localDescription!.sdp);
  }

  /** An offer for a Device we call, with our candidates. */
  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc);
    return udpOnly(this.pc.localDescription!.sdp);
  }

  /** The Device's answer to our offer. */
  async accept(answerSdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  /** Frames this leg hears from its Device. Returns the way to stop listening. */
  onFrame(listener: (frame: AudioFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends a frame to this leg's Device. */
  play(frame: AudioFrame) {
    if (!this.closed) this.source.onData(frame);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.sink?.stop();
    this.sink = null;
    this.pc.close();
    legClosed();
  }
}

/** Each leg hears the other. Returns the way to undo it. */
export function bridge(a: MediaLeg, b: MediaLeg): () => void {
  const stops = [a.onFrame((f) => b.play(f)), b.onFrame((f) => a.play(f))];
  return () => stops.forEach((stop) => stop());
}
