import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ReloadNotice } from '../remotes/AreaNotice';
import { checkNewerReleases, listInWords } from '../remotes/newerReleases';
import { reloadPage } from '../remotes/reloadPage';

/** How often an open page asks what is active, besides each time the person comes back to it. */
export const RELEASE_CHECK_MS = 5 * 60_000;

/**
 * Tells the person when a newer release of an area (or of the shell) is active than the page runs:
 * a quiet notice with Reload, never a forced reload. The page asks when the person comes back to it
 * (focus, the tab shown again) and every RELEASE_CHECK_MS; their next navigation is a full load, so
 * the new release comes with the page they open.
 */
export function NewReleaseNotice({ check = checkNewerReleases, onReload = reloadPage }: { check?: () => Promise<string[]>; onReload?: () => void }) {
  const [newer, setNewer] = useState<string[]>([]);
  const location = useLocation();
  const newerNow = useRef(newer);
  newerNow.current = newer;
  const shownKey = useRef(location.key);

  useEffect(() => {
    let live = true;
    const run = () => {
      void check().then((found) => {
        if (live) setNewer((was) => (was.join('\n') === found.join('\n') ? was : found));
      });
    };
    const whenShown = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', whenShown);
    const timer = setInterval(run, RELEASE_CHECK_MS);
    return () => {
      live = false;
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', whenShown);
      clearInterval(timer);
    };
  }, [check]);

  // the next navigation after a newer release is active: a full load of the page navigated to
  useEffect(() => {
    if (location.key === shownKey.current) return;
    shownKey.current = location.key;
    if (newerNow.current.length) onReload();
  }, [location.key, onReload]);

  if (!newer.length) return null;
  return (
    <ReloadNotice
      kind="info"
      title={`A newer version of ${listInWords(newer)} is ready`}
      description="It loads when you open another page, or now with Reload."
      onReload={onReload}
      data={{ 'data-release-notice': '' }}
    />
  );
}
