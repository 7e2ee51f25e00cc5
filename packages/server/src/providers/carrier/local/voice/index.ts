import type { SignalingEndpoint, VoiceCarrier } from '../../voice';
import { startSignaling, TRUST_PATH, type SignalingServer } from './signaling';
import { createSwitch, type Switch, type VoicePoster } from './switch';
import { signVoiceToken } from './token';

export interface LocalVoice extends VoiceCarrier {
  readonly switchboard: Switch;
  closeVoice(): Promise<void>;
}

/** The local carrier's calling: tokens it signs itself, its signalling server and its switch. */
export function createLocalVoice(key: string, publicUrl: string, post: VoicePoster): LocalVoice {
  const switchboard = createSwitch(publicUrl, post);
  let server: SignalingServer | null = null;
  return {
    switchboard,
    accessToken: async (identity, ttlSeconds) => signVoiceToken(key, identity, ttlSeconds),
    signaling: (): SignalingEndpoint | null => (server ? { port: server.port, trustPath: TRUST_PATH } : null),
    listenSignaling: async (options) => {
      server ??= await startSignaling(switchboard, key, options);
    },
    closeVoice: async () => {
      switchboard.close();
      await server?.close();
      server = null;
    },
  };
}
