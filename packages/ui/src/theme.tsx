import { useEffect, useMemo, useState, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import App from 'antd/es/app';
import theme from 'antd/es/theme';
import getDesignToken from 'antd/es/theme/getDesignToken';
import type { MappingAlgorithm } from 'antd/es/theme/interface';
import { bus, type ThemeState } from '@agency/bus';
import type { Observable } from 'rxjs';
import { THEME_SEED } from './themeSeed';
import { contrastAlgorithm, contrastComponents } from './themeContrast';
import { FocusRingStyle } from './focus';

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

const LIGHT: MappingAlgorithm[] = [theme.defaultAlgorithm, contrastAlgorithm];
const DARK: MappingAlgorithm[] = [theme.darkAlgorithm, contrastAlgorithm];

/** The tokens that depend on the colour and the mode, worked out once for each pair. */
const resolved = new Map<string, ReturnType<typeof resolve>>();
function resolve(color: string, dark: boolean) {
  const algorithm = dark ? DARK : LIGHT;
  const t = getDesignToken({ algorithm, token: { colorPrimary: color, ...THEME_SEED } });
  return {
    algorithm,
    // a select's placeholder is text on the page: it reads like the other secondary text
    token: { colorTextPlaceholder: t.colorTextTertiary },
    components: contrastComponents(t),
  };
}
function resolvedFor(color: string, dark: boolean) {
  const key = `${color}|${dark}`;
  let r = resolved.get(key);
  if (!r) {
    r = resolve(color, dark);
    resolved.set(key, r);
  }
  return r;
}

/**
 * The theme of the bus, its colours made readable in either mode (see themeContrast.ts); with
 * reduced motion asked for, menus, dialogs and drawers open without animating.
 */
export function themeConfig(t: ThemeState, reducedMotion = false) {
  const r = resolvedFor(t.color, t.dark);
  return {
    algorithm: r.algorithm,
    token: { colorPrimary: t.color, ...THEME_SEED, ...r.token, motion: !reducedMotion },
    components: r.components,
  };
}

/** Each remote is its own React root, so each wraps itself in the bus's theme (and the keyboard's focus ring). */
export function AgencyTheme({ children }: { children: ReactNode }) {
  const t = useObservable(bus.theme$);
  const reducedMotion = useReducedMotion();
  const config = useMemo(() => themeConfig(t, reducedMotion), [t, reducedMotion]);
  return (
    <ConfigProvider theme={config}>
      <FocusRingStyle />
      <App>{children}</App>
    </ConfigProvider>
  );
}
