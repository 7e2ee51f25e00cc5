// The server's public entry for tools outside it (bench, scripts): what they may build on. Its
// internals stay free to move; lint keeps other packages on this file and main.ts.
export { openPglite } from './db/index';
export { migrate } from './db/migrate';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './seed';
export { openSession } from './modules/auth/service';
export { generateClients, type GeneratedClients } from './modules/clients/benchSeed';
export { localWebhookToken } from './providers/carrier/create';
export { signWebhook } from './providers/carrier/signature';
export { SimulatedPhone } from './providers/carrier/local/voice/simulatedPhone';
export { phonePeer, withoutCandidates } from './providers/carrier/local/voice/phonePeer';
export { ACCOUNT_SID as LOCAL_CARRIER_ACCOUNT_SID, SIM_PREFIX } from './providers/carrier/local/voice/switch';
export { signVoiceToken } from './providers/carrier/local/voice/token';
// The local carrier's media, for the bench that mixes a conference beside the event loop's figures.
export { ConferenceRoom, type Member as ConferenceMember } from './providers/carrier/local/voice/conference';
export { lateFrames, MediaLeg } from './providers/carrier/local/voice/media';
export { Recorder } from './providers/carrier/local/voice/recorder';
export { wrtc, type WrtcPeer } from './providers/carrier/local/voice/wrtc';
