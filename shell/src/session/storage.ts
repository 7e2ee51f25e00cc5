import type { Session } from '@agency/contracts';

/*
 * What this browser keeps of a session, readable without the bus: the sign-in page (a page of its
 * own, without the app) writes it and the app restores it.
 */

export const SESSION_KEY = 'agency.session';
const REMEMBER_KEY = 'agency.rememberEmail';
export const SESSION_LIFETIME_MS = 8 * 3600_000;

export interface StoredSession {
  session: Session;
  savedAt: number;
}

/** The stored session, unless it is older than 8 hours or expired (then it is removed). */
export function readStoredSession(now = Date.now()): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredSession;
    if (now - stored.savedAt > SESSION_LIFETIME_MS || new Date(stored.session.expiresAt).getTime() <= now) {
      localStorage.removeItem(SESSION_KEY);
      return null;
    }
    return stored.session;
  } catch {
    localStorage.removeItem(SESSION_KEY);
    return null;
  }
}

/** Stores the session; the same session saved again keeps the time it was first saved. */
export function storeSession(session: Session, savedAt = Date.now()): void {
  let first = savedAt;
  try {
    const previous = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as StoredSession | null;
    if (previous?.session.token === session.token) first = previous.savedAt;
  } catch {
    // unreadable: saved as new
  }
  localStorage.setItem(SESSION_KEY, JSON.stringify({ session, savedAt: first } satisfies StoredSession));
}

export const rememberedEmail = () => localStorage.getItem(REMEMBER_KEY) ?? '';
export function rememberEmail(email: string | null) {
  if (email) localStorage.setItem(REMEMBER_KEY, email);
  else localStorage.removeItem(REMEMBER_KEY);
}
