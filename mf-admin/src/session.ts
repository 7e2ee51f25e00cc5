import type { MeResponse, Session, User } from '@agency/contracts';
import { bus } from '@agency/bus';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Puts a changed user into the shell's session (the shell persists it); an unchanged one is left alone. */
export function setSessionUser(user: User): void {
  const session = bus.session$.value;
  if (!session || same(session.user, user)) return;
  bus.session$.next({ ...session, user });
}

/** Puts a fresh GET /users/me answer into the session, only when something in it changed. */
export function applyMe(me: MeResponse): void {
  const session = bus.session$.value;
  if (!session) return;
  const next: Session = { ...session, user: me.user, account: me.account, ghostedBy: me.ghostedBy, mfaSetupRequired: me.mfaSetupRequired };
  if (!same(session, next)) bus.session$.next(next);
}
