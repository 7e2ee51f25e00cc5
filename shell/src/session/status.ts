import type { PhoneStatus } from '@agency/contracts';
import { bus } from '@agency/bus';
import { patchSession } from './session';

/** The signed-in user's presence as the shell last knew it. */
export const myStatus = (): PhoneStatus => bus.session$.value?.user.phoneStatus ?? 'offline';

/** Picks a presence status: tells the server and keeps the session in step. */
export function setMyStatus(status: PhoneStatus): void {
  const session = bus.session$.value;
  if (!session) return;
  bus.emit('users_phoneStatus', status);
  if (session.user.phoneStatus !== status) patchSession({ user: { ...session.user, phoneStatus: status } });
}
