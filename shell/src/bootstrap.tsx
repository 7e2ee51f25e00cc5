import { createRoot } from 'react-dom/client';
import { bus } from '@agency/bus';
import { loadRemotesManifest } from './remotes/registry';
import { restoreSession, syncThemeWithSession } from './session/session';
import { App } from './App';

async function boot() {
  bus.theme$.next({ dark: localStorage.getItem('agency.dark') === '1', color: bus.theme$.value.color });
  restoreSession();
  syncThemeWithSession();
  await loadRemotesManifest();
  createRoot(document.getElementById('root')!).render(<App />);
}

void boot();
