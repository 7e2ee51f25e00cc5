import type { Session } from '@agency/contracts';
import { DEFAULT_THEME_COLOR } from '@agency/contracts';
import { bus, hostControls } from '@agency/bus';
import { readStoredSession, SESSION_KEY, storeSession } from './storage';

export { rememberEmail, rememberedEmail, SESSION_LIFETIME_MS } from './storage';

/** The token a training window reads (it is opened from the trainings dialog). */
export const TRAINING_TOKEN_KEY = 'agency.trainingToken';
/** Everything else the session leaves in this browser; cleared on sign-out. */
export const LOCK_KEY = 'agency.locked';
const SESSION_SCOPED_KEYS = [TRAINING_TOKEN_KEY, LOCK_KEY];
/** Restores a stored session younger than 8 hours into the bus. */
export function restoreSession(now = Date.now()): Session | null {
  const session = readStoredSession(now);
  if (session) hostControls().setSession(session);
  return session;
}

export function saveSession(session: Session, savedAt = Date.now()): void {
  storeSession(session, savedAt);
  hostControls().setSession(session);
}

/** Updates the user/account parts of the current session (after /users/me or a profile change). */
export function patchSession(patch: Partial<Session>): void {
  const current = bus.session$.value;
  if (current) saveSession({ ...current, ...patch });
}

/** Remotes' session refreshes (bus.updateSession) are applied and persisted here. Returns the way to stop. */
export function persistSessionPatches(): () => void {
  return hostControls().handleSessionPatches((patch) => patchSession(patch));
}

/** Clears everything persisted about the session (the remembered email and dark mode stay). */
export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  for (const key of SESSION_SCOPED_KEYS) localStorage.removeItem(key);
  sessionStorage.clear();
  bus.disconnect();
  hostControls().setSession(null);
}

/** Hands the session's token to a window opened for a training item. */
export function handOverTrainingToken(): void {
  const token = bus.session$.value?.token;
  if (token) localStorage.setItem(TRAINING_TOKEN_KEY, token);
}

/** The signed-in user's theme colour follows the session (dark mode stays a local choice). */
export function syncThemeWithSession(): () => void {
  const sub = bus.session$.subscribe((session) => {
    const color = session?.user.themeColor || DEFAULT_THEME_COLOR;
    if (bus.theme$.value.color !== color) bus.setTheme({ color });
  });
  return () => sub.unsubscribe();
}
