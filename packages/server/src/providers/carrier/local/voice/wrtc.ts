import { createRequire } from 'node:module';

/*
 * The native WebRTC stack (@roamhq/wrtc) as the local carrier uses it: the carrier's own media
 * (media.ts) and the phones it simulates (simulatedPhone.ts). It loads with the first call, not
 * with the app.
 */
export interface AudioFrame {
  samples: Int16Array;
  sampleRate: number;
  bitsPerSample: number;
  channelCount: number;
  numberOfFrames: number;
}

export interface WrtcSource {
  createTrack(): unknown;
  onData(frame: AudioFrame): void;
}
export interface WrtcSink {
  ondata: ((frame: AudioFrame) => void) | null;
  stop(): void;
}
export interface WrtcPeer {
  iceGatheringState: string;
  connectionState: string;
  localDescription: { sdp: string } | null;
  addTrack(track: unknown, stream: unknown): void;
  addEventListener(type: string, listener: (e: { track?: unknown }) => void): void;
  createOffer(): Promise<{ type: string; sdp: string }>;
  createAnswer(): Promise<{ type: string; sdp: string }>;
  setLocalDescription(d: { type: string; sdp: string }): Promise<void>;
  setRemoteDescription(d: { type: string; sdp: string }): Promise<void>;
  close(): void;
}
export interface Wrtc {
  RTCPeerConnection: new (config: { iceServers: unknown[] }) => WrtcPeer;
  MediaStream: new (tracks: unknown[]) => unknown;
  nonstandard: { RTCAudioSource: new () => WrtcSource; RTCAudioSink: new (track: unknown) => WrtcSink };
}

let loaded: Wrtc | null = null;
export function wrtc(): Wrtc {
  loaded ??= createRequire(import.meta.url)('@roamhq/wrtc') as Wrtc;
  return loaded;
}
