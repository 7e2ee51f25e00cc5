import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type ParcelConfig, type ParcelConfigObject } from 'single-spa';
import { useLocation, useNavigate } from 'react-router-dom';
import Spin from 'antd/es/spin';
import { REMOTES, type RemoteModuleName, type RemoteName } from '@agency/contracts';
import { ErrorCard } from '@agency/ui';
import { loadRemoteModule } from './registry';
import { AreaNotice } from './AreaNotice';
import { ShellMismatchError, shellMismatchWords } from './shellFit';

// Loaded when a release the shell cannot serve is met: it draws antd's Result, whose pictures no first screen draws.
const ShellMismatchCard = lazy(() => import('./ShellMismatchCard').then((m) => ({ default: m.ShellMismatchCard })));

const TITLES = Object.fromEntries(REMOTES.map((r) => [r.name, r.title])) as Record<RemoteName, string>;

/**
 * Mounts one exposed module of a remote in its own area, with loading, error and Retry. An area
 * drawn on every page (`notice`: its name in a sentence, such as 'The phone') that fails says so in
 * a small notice over the page instead, with Reload: it may be out of sight, and it fails on every page.
 * A release the shell cannot serve says, in words, that it needs a newer (or an older) shell.
 */
/**
 * single-spa warns in the console of every lifecycle slower than a second (a busy computer's first
 * mount of a widget is that slow, and its slot shows it is loading meanwhile): here it speaks only of
 * one still not done after a minute, which is stuck. A remote's own timeouts, when it exports them, win.
 */
const STUCK = { millis: 60_000, dieOnTimeout: false, warningMillis: 60_000 };
const STUCK_ONLY = { bootstrap: STUCK, mount: STUCK, unmount: STUCK, update: STUCK, unload: STUCK };

export function RemoteParcel<R extends RemoteName>({
  name,
  expose = 'app',
  props = {},
  notice,
}: {
  name: R;
  expose?: RemoteModuleName<R>;
  props?: Record<string, unknown>;
  notice?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [config, setConfig] = useState<ParcelConfig | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    setConfig(null);
    loadRemoteModule(name, expose, attempt > 0)
      // the contract's lifecycles are single-spa's parcel config, seen from the remote's side
      .then((mod) => live && setConfig(() => ({ timeouts: STUCK_ONLY, ...(mod as unknown as ParcelConfigObject) })))
      .catch((err: Error) => live && setError(err));
    return () => {
      live = false;
    };
  }, [name, expose, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const mismatch = error instanceof ShellMismatchError ? error : null;
  if (error && notice) {
    return (
      <div data-remote={name} data-remote-state="error">
        <AreaNotice area={notice} message={mismatch ? `${shellMismatchWords(notice, mismatch).headline}.` : undefined} />
      </div>
    );
  }
  if (mismatch) {
    return (
      <div data-remote={name} data-remote-state="error" data-shell-needed={mismatch.shell}>
        <Suspense fallback={null}>
          <ShellMismatchCard title={TITLES[name]} error={mismatch} />
        </Suspense>
      </div>
    );
  }
  if (error) {
    return (
      <div data-remote={name} data-remote-state="error">
        <ErrorCard title={`${TITLES[name]} could not be loaded`} detail={error.message} onRetry={retry} />
      </div>
    );
  }
  if (!config) {
    return (
      <div data-remote={name} data-remote-state="loading" role="status" aria-label={`Loading ${TITLES[name]}`} style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  return (
    <div data-remote={name} data-remote-state="mounted" style={{ height: '100%' }}>
      <Parcel
        key={attempt}
        config={config}
        mountParcel={mountRootParcel}
        wrapWith="div"
        wrapStyle={{ height: '100%' }}
        location={location}
        navigate={navigate}
        handleError={(err: Error) => setError(err)}
        {...props}
      />
    </div>
  );
}
