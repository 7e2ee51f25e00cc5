import { useEffect, useState, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import App from 'antd/es/app';
import theme from 'antd/es/theme';
import { bus, type ThemeState } from '@agency/bus';
import type { Observable } from 'rxjs';

/** The current value of an observable, re-rendering on change. */
export function useObservable<T>(source: Observable<T> & { value?: T }, initial?: T): T {
  const [value, setValue] = useState<T>(() => (source.value !== undefined ? source.value : (initial as T)));
  useEffect(() => {
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source]);
  return value;
}

export function themeConfig(t: ThemeState) {
  return {
    algorithm: t.dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: t.color, borderRadius: 6, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  };
}

/** Each remote is its own React root, so each wraps itself in the bus's theme. */
export function AgencyTheme({ children }: { children: ReactNode }) {
  const t = useObservable(bus.theme$);
  return (
    <ConfigProvider theme={themeConfig(t)}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
