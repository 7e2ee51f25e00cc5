import { useCallback, useEffect, useRef, useState } from 'react';
import { SESSION_IDLE_MS } from '@agency/contracts';

export interface IdleTimings {
  /** Idle time before the "signed out soon" prompt. */
  promptAfterMs: number;
  /** Idle time before signing out. */
  logoutAfterMs: number;
  /** Activity is looked at no more than once per this many ms. */
  throttleMs: number;
}

/** Prompt after 2 hours, sign out after 4 hours, activity checks at most every 500 ms. */
export const IDLE_TIMINGS: IdleTimings = { promptAfterMs: SESSION_IDLE_MS - 2 * 3600_000, logoutAfterMs: SESSION_IDLE_MS, throttleMs: 500 };

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll', 'pointerdown'] as const;

/**
 * Watches for activity. After `promptAfterMs` without any, `prompted` turns true (activity no longer
 * counts until `stay()`); after `logoutAfterMs`, `onIdle` runs.
 */
export function useIdleTimer(timings: IdleTimings, onIdle: () => void) {
  const { promptAfterMs, logoutAfterMs, throttleMs } = timings;
  const [prompted, setPrompted] = useState(false);
  const lastActivity = useRef(Date.now());
  const promptedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  const check = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const idleFor = Date.now() - lastActivity.current;
    if (idleFor >= logoutAfterMs) {
      timer.current = null;
      onIdleRef.current();
      return;
    }
    if (idleFor >= promptAfterMs) {
      if (!promptedRef.current) {
        promptedRef.current = true;
        setPrompted(true);
      }
      timer.current = setTimeout(check, logoutAfterMs - idleFor);
    } else {
      timer.current = setTimeout(check, promptAfterMs - idleFor);
    }
  }, [promptAfterMs, logoutAfterMs]);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    promptedRef.current = false;
    setPrompted(false);
    check();
  }, [check]);

  useEffect(() => {
    lastActivity.current = Date.now();
    let lastSeen = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastSeen < throttleMs) return; // throttled
      lastSeen = now;
      if (promptedRef.current) return; // only "Stay signed in" answers the prompt
      lastActivity.current = now;
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    check();
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      if (timer.current) clearTimeout(timer.current);
    };
  }, [check, throttleMs]);

  /** Milliseconds left before signing out. */
  const remaining = useCallback(() => Math.max(0, logoutAfterMs - (Date.now() - lastActivity.current)), [logoutAfterMs]);
  return { prompted, stay, remaining };
}
