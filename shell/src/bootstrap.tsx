import { createRoot } from 'react-dom/client';
import { bus } from '@agency/bus';
import { remotesReady } from './remotes/registry';
import { persistSessionPatches, restoreSession, syncThemeWithSession } from './session/session';
import { App } from './App';

function boot() {
  bus.setTheme({ dark: localStorage.getItem('agency.dark') === '1' });
  restoreSession();
  syncThemeWithSession();
  persistSessionPatches();
  // remote areas wait for the list of releases; the shell's own pages draw at once
  remotesReady().catch(() => undefined);
  createRoot(document.getElementById('root')!).render(<App />);
}

boot();
