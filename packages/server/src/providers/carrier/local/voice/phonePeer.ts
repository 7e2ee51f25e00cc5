import { carriesSound } from './media';
import { wrtc, type WrtcPeer, type WrtcSink } from './wrtc';

/** What the Voice SDK sends: its SDP before any candidate was gathered. */
export const withoutCandidates = (sdp: string) => sdp.replace(/a=candidate:.*\r\n/g, '').replace(/a=end-of-candidates\r\n/g, '');

export interface PhonePeer {
  pc: WrtcPeer;
  /** Stops the tone and the listening, and closes the connection. */
  close(): void;
}

/**
 * A phone's end of a call, as the simulated phones and the conference bench play it: a peer
 * connection that sends a tone (or silence while `silent()` says so) in 10 ms frames, and tells
 * `heard` of each frame it receives with sound in it.
 */
export function phonePeer(toneHz: number, heard: () => void, silent: () => boolean = () => false): PhonePeer {
  const { RTCPeerConnection, MediaStream, nonstandard } = wrtc();
  const pc = new RTCPeerConnection({ iceServers: [] });
  const source = new nonstandard.RTCAudioSource();
  const track = source.createTrack();
  pc.addTrack(track, new MediaStream([track]));
  let sink: WrtcSink | null = null;
  pc.addEventListener('track', (e) => {
    sink = new nonstandard.RTCAudioSink(e.track);
    sink.ondata = (frame) => {
      if (carriesSound(frame.samples)) heard();
    };
  });
  const samples = new Int16Array(480);
  let n = 0;
  const started = performance.now();
  const tone = setInterval(() => {
    // Every frame due by now, however late this tick came: on a busy machine the timer fires late
    // and a frame a tick would send gaps the sound (a stall of over half a second is skipped).
    const due = Math.floor((performance.now() - started) / 10);
    n = Math.max(n, due - 50);
    for (; n < due; n++) {
      for (let i = 0; i < 480; i++) samples[i] = silent() ? 0 : Math.round(Math.sin((2 * Math.PI * toneHz * (n * 480 + i)) / 48000) * 6000);
      source.onData({ samples, sampleRate: 48000, bitsPerSample: 16, channelCount: 1, numberOfFrames: 480 });
    }
  }, 10);
  return {
    pc,
    close() {
      clearInterval(tone);
      sink?.stop();
      sink = null;
      pc.close();
    },
  };
}
