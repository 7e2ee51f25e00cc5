import type { MeResponse, Session, User } from '@agency/contracts';
import { bus } from '@agency/bus';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Asks the shell to put a changed user into the session (it persists it); an unchanged one is left alone. */
export function setSessionUser(user: User): void {
  const session = bus.session$.value;
  if (!session || same(session.user, user)) return;
  bus.updateSession({ user });
}

/** Asks the shell to put a fresh GET /users/me answer into the session, only when something in it changed. */
export function applyMe(me: MeResponse): void {
  const session = bus.session$.value;
  if (!session) return;
  const next: Session = { ...session, user: me.user, account: me.account, ghostedBy: me.ghostedBy, mfaSetupRequired: me.mfaSetupRequired };
  if (!same(session, next)) bus.updateSession({ user: me.user, account: me.account, ghostedBy: me.ghostedBy, mfaSetupRequired: me.mfaSetupRequired });
}

/**
 * Starts the app afresh at `path` as whoever the session now names (after ghosting starts): every
 * remote drops what it read as the previous person.
 */
export function restartAt(path: string): void {
  window.location.assign(path);
}
