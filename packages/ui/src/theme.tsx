import { useEffect, useMemo, useState, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import App from 'antd/es/app';
import theme from 'antd/es/theme';
import { bus, type ThemeState } from '@agency/bus';
import type { Observable } from 'rxjs';
import { THEME_SEED } from './themeSeed';

/** The current value of an observable, re-rendering on change. */
export function useObservable<T>(source: Observable<T> & { value?: T }, initial?: T): T {
  const [value, setValue] = useState<T>(() => (source.value !== undefined ? source.value : (initial as T)));
  useEffect(() => {
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source]);
  return value;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the person asked their system for less motion (followed as it changes). */
export function useReducedMotion(): boolean {
  const query = useMemo(() => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null), []);
  const [reduced, setReduced] = useState(() => !!query?.matches);
  useEffect(() => {
    if (!query) return;
    const follow = () => setReduced(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [query]);
  return reduced;
}

/** The theme of the bus; with reduced motion asked for, menus, dialogs and drawers open without animating. */
export function themeConfig(t: ThemeState, reducedMotion = false) {
  return {
    algorithm: t.dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: t.color, ...THEME_SEED, motion: !reducedMotion },
  };
}

/** Each remote is its own React root, so each wraps itself in the bus's theme. */
export function AgencyTheme({ children }: { children: ReactNode }) {
  const t = useObservable(bus.theme$);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider theme={themeConfig(t, reducedMotion)}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
