import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SignalingEndpoint, VoiceCarrier } from '../../voice';
import { startSignaling, TRUST_PATH, type SessionCheck, type SignalingServer } from './signaling';
import { createSwitch, type Switch, type VoicePoster } from './switch';
import { signVoiceToken } from './token';

export interface LocalVoice extends VoiceCarrier {
  readonly switchboard: Switch;
  closeVoice(): Promise<void>;
}

/** The local carrier's calling: tokens it signs itself, its signalling server and its switch. */
export function createLocalVoice(
  key: string,
  publicUrl: string,
  post: VoicePoster,
  opts: { sessionAlive?: SessionCheck; ownerOf?: (phoneNumber: string) => Promise<string | null> } = {},
): LocalVoice {
  const { sessionAlive, ownerOf } = opts;
  let recordingsDir = '';
  const switchboard = createSwitch(publicUrl, post, () => recordingsDir, { ownerOf });
  let server: SignalingServer | null = null;
  const recordingFile = (sid: string) => (/^RE[0-9a-f]{32}$/.test(sid) && recordingsDir ? join(recordingsDir, `${sid}.wav`) : null);
  return {
    switchboard,
    accessToken: async (identity, ttlSeconds, sessionId) => signVoiceToken(key, identity, ttlSeconds, Date.now(), sessionId),
    endSessions: (sessionIds) => server?.endSessions(sessionIds),
    redirectCall: async (callSid, path) => switchboard.redirect(callSid, path),
    startRecording: async (callSid, path) => switchboard.record(callSid, path),
    pauseRecording: async (callSid, paused) => switchboard.pauseRecording(callSid, paused),
    addParticipant: async (conference, call) => switchboard.addParticipant(conference, call),
    updateParticipant: async (conference, callSid, change) => switchboard.updateParticipant(conference, callSid, change),
    removeParticipant: async (conference, callSid) => switchboard.removeParticipant(conference, callSid),
    endConference: async (conference) => switchboard.endConference(conference),
    recordingAudio: async (sid) => {
      const file = recordingFile(sid);
      return file && existsSync(file) ? readFileSync(file) : null;
    },
    deleteRecording: async (sid) => {
      const file = recordingFile(sid);
      if (file) rmSync(file, { force: true });
    },
    signaling: (): SignalingEndpoint | null => (server ? { port: server.port, trustPath: TRUST_PATH } : null),
    listenSignaling: async (options) => {
      recordingsDir = join(options.certDir, 'carrier-recordings');
      server ??= await startSignaling(switchboard, key, options, sessionAlive);
    },
    closeVoice: async () => {
      switchboard.close();
      await server?.close();
      server = null;
    },
  };
}
