import { createRoot } from 'react-dom/client';
import { bus } from '@agency/bus';
import { remotesReady } from './remotes/registry';
import { persistSessionPatches, restoreSession, syncThemeWithSession } from './session/session';
import { App, preloadSignedIn } from './App';
import appCss from './app.css';
import { addStyleSheet } from '@agency/ui/src/public/styleSheet';

async function boot() {
  addStyleSheet('app-styles', appCss);
  bus.setTheme({ dark: localStorage.getItem('agency.dark') === '1' });
  // remote areas wait for the list of releases; the shell's own pages draw at once
  remotesReady().catch(() => undefined);
  // Behind the sign-in page: ready what the signed-in app draws first, then wait for the sign-in.
  const handover = window.agencyHandover;
  if (handover) {
    await preloadSignedIn().catch(() => undefined);
    handover.waiting = true;
    await handover.signedIn;
  }
  restoreSession();
  syncThemeWithSession();
  persistSessionPatches();
  createRoot(document.getElementById('root')!).render(<App onShown={handover?.tookOver} />);
}

void boot();
