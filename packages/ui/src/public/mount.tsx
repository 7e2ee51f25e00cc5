import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_THEME_COLOR } from '@agency/contracts/src/constants';
import type { PublicTheme } from './theme';

/**
 * Draws a public page that stands alone, in the mode this browser keeps (the colour is the
 * product's, as no one is signed in), above the page's own root (on /login, the app's, which a
 * sign-in fills).
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
