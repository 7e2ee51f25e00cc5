import type { AppDeps } from './app';
import type { RealtimePush, SocketFeature } from './realtime/index';
import { clientsPush } from './modules/clients/realtime';
import { chatSocket } from './modules/chat/socket';
import { taskBoardSocketFeature } from './modules/taskboards/realtime';
import { taskBoardsPush } from './modules/taskboards/publish';
import { smsPush, smsSocket } from './modules/sms/socket';
import { walkInsPush } from './modules/walkins/realtime';
import { campaignsPush } from './modules/campaigns/realtime';
import { conferencePush, phonePush, phoneSocket, queuesPush, recordingPush, speakingPush } from './modules/phone/realtime';

/** Every feature's socket handlers, registered on each authenticated connection. */
export function socketFeatures(deps: AppDeps): SocketFeature[] {
  return [chatSocket, taskBoardSocketFeature, smsSocket(deps), phoneSocket(deps)];
}

/** Every feature's pushes driven by app events, started once per server. */
export const PUSH_FEATURES: RealtimePush[] = [
  clientsPush,
  smsPush,
  walkInsPush,
  campaignsPush,
  taskBoardsPush,
  phonePush,
  recordingPush,
  queuesPush,
  conferencePush,
  speakingPush,
];
