import type { Handover } from '../handover';

/** How long the app may take to draw after a sign-in before the page loads it afresh instead. */
const TAKEOVER_WAIT_MS = 15_000;

/**
 * Loads the app behind the page once the page is drawn and the browser is idle (see handover.ts).
 * Returns how to open it at `to` once signed in: at once when it is ready behind, else by loading it.
 */
export function loadTheAppBehind(page: { leave(): void }) {
  let release!: () => void;
  let failed = false;
  let taken = false;
  const handover: Handover = {
    signedIn: new Promise<void>((resolve) => (release = resolve)),
    tookOver: () => {
      taken = true;
      page.leave();
    },
  };
  const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  idle(() => {
    window.agencyHandover = handover;
    const script = document.createElement('script');
    script.src = '/main.js';
    script.onerror = () => (failed = true);
    document.body.appendChild(script);
  });
  return (to: string) => {
    if (failed || !window.agencyHandover) return window.location.replace(to);
    window.history.replaceState(null, '', to);
    release();
    setTimeout(() => taken || window.location.replace(to), TAKEOVER_WAIT_MS);
  };
}
