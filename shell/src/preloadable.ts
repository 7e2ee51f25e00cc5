import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy that stops suspending once its module is loaded: a lazy component suspends on its
 * first render even when its code is already here, and React then holds the content back (up to
 * 300 ms) before it replaces the fallback. `preload()` loads the code; once it is in, the component
 * renders at once.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        loading = undefined; // a failed load is tried again
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
