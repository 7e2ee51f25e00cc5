import { BehaviorSubject } from 'rxjs';
import type { PhoneStatus } from '@agency/contracts';
import { bus } from '@agency/bus';
import { LOCK_KEY } from '../session/session';
import { myStatus, setMyStatus } from '../session/status';

export interface LockState {
  /** The status to put back on unlock; null when locking did not change it. */
  previousStatus: PhoneStatus | null;
  lockedAt: number;
}

/** Statuses that already say "not at the desk": locking keeps them. */
const AWAY_STATUSES: PhoneStatus[] = ['away', 'lunch', 'break'];
const inDesktopApp = () => typeof window !== 'undefined' && 'desktopBridge' in window;

function read(): LockState | null {
  try {
    const raw = localStorage.getItem(LOCK_KEY);
    return raw ? (JSON.parse(raw) as LockState) : null;
  } catch {
    return null;
  }
}

/** Whether the screen is locked; persisted so a reload stays locked. */
export const lock$ = new BehaviorSubject<LockState | null>(read());

// Signing out clears the persisted lock; the in-memory state follows.
bus.session$.subscribe((session) => {
  if (!session && lock$.value) lock$.next(null);
});

/** Re-reads the persisted state (a new sign-in, or another tab). */
export function reloadLockState(): void {
  lock$.next(read());
}

/** Locks the screen: the status goes to away unless it already says away, lunch or break. */
export function lockScreen(now = Date.now()): void {
  if (lock$.value) return;
  const current = myStatus();
  let previousStatus: PhoneStatus | null = null;
  if (inDesktopApp()) {
    setMyStatus('away');
  } else if (!AWAY_STATUSES.includes(current)) {
    previousStatus = current;
    setMyStatus('away');
  }
  const state: LockState = { previousStatus, lockedAt: now };
  localStorage.setItem(LOCK_KEY, JSON.stringify(state));
  lock$.next(state);
}

/** Unlocks after the password was accepted, putting the previous status back. */
export function unlockScreen(): void {
  const state = lock$.value;
  localStorage.removeItem(LOCK_KEY);
  lock$.next(null);
  if (inDesktopApp()) setMyStatus('available');
  else if (state?.previousStatus && state.previousStatus !== 'offline') setMyStatus(state.previousStatus);
}
