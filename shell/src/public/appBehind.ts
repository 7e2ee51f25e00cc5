import React, { type ReactNode } from 'react';
import JsxRuntime from 'react/jsx-runtime';
import ReactDOM from 'react-dom';
import ReactDOMClient from 'react-dom/client';
import type { Session } from '@agency/contracts';
import { mountPublicPage } from '@agency/ui/src/public/mount';
import type { PublicTheme } from '@agency/ui/src/public/theme';
import type { Handover, PageReact } from '../handover';
import { storeSession } from '../session/storage';

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
    react: pageReact(),
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

/** The page's own React, lent to the app behind it (remotes/reactFromThePage.ts). */
function pageReact(): PageReact {
  return {
    // a mismatch (never with one lockfile) lends nothing: the app loads its own
    version: React.version === ReactDOM.version ? React.version : `${React.version} / ${ReactDOM.version}`,
    modules: { react: React, 'react/jsx-runtime': JsxRuntime, 'react-dom': ReactDOM, 'react-dom/client': ReactDOMClient },
  };
}

/**
 * Draws a page that signs a person in (or finishes their sign-in) with the app loading behind it;
 * the page calls `open` with the session as it now is and where to go: the session is stored and
 * the app opens there.
 */
export function mountBeforeTheApp(page: (theme: PublicTheme, open: (session: Session, to: string) => void) => ReactNode) {
  const mounted = mountPublicPage((theme) =>
    page(theme, (session, to) => {
      storeSession(session);
      openTheApp(to);
    }),
  );
  const openTheApp = loadTheAppBehind(mounted);
}
