import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_THEME_COLOR } from '@agency/contracts/src/constants';
import type { Handover } from '../handover';
import type { PublicTheme } from './theme';

/** How long the app may take to draw after a sign-in before the page loads it afresh instead. */
const TAKEOVER_WAIT_MS = 15_000;

/**
 * Draws a public page that stands alone, in the mode this browser keeps (the colour is the
 * product's, as no one is signed in), above the app's own root, which a sign-in fills.
 */
export function mountPublicPage(page: (theme: PublicTheme) => ReactNode) {
  const theme = { dark: localStorage.getItem('agency.dark') === '1', color: DEFAULT_THEME_COLOR };
  const container = document.createElement('div');
  container.style.cssText = 'position: fixed; inset: 0; overflow: auto; z-index: 1000;';
  document.body.appendChild(container);
  const root = createRoot(container);
  root.render(page(theme));
  return {
    leave() {
      root.unmount();
      container.remove();
    },
  };
}

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
