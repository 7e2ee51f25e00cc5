/*
 * The sign-in page is a page of its own; while the person signs in it loads the app behind it, so
 * signing in opens the app at once instead of starting to load it then. The page sets
 * window.agencyHandover before the app's script runs; the app gets ready, waits for the sign-in,
 * then draws and says so, and the page leaves. Without it (any other page) the app draws at once.
 */
export interface Handover {
  /** Resolves once the person has signed in: the session is stored and the address is where the app opens. */
  signedIn: Promise<void>;
  /** The app has drawn: the sign-in page leaves. */
  tookOver(): void;
  /** Set by the app once it is ready behind the page and waits for the sign-in. */
  waiting?: boolean;
  /** The page's React, which the app shares instead of loading its own (remotes/reactFromThePage.ts). */
  react?: PageReact;
}

export interface PageReact {
  /** React's and ReactDOM's version: the app takes them only at the version it was built with. */
  version: string;
  modules: Record<string, unknown>;
}

declare global {
  interface Window {
    agencyHandover?: Handover;
  }
}
