import { bus } from '@agency/bus';
import type { RemoteName } from '@agency/contracts';
import { whenIdle, whenPageComplete } from '../firstScreen';
import { browserHoldsBack, createIdlePreloader, remotesFor, type PreloadStep } from './idlePreload';
import { loadRemoteModule, remoteFiles } from './registry';

/** Fetches a file into the browser's cache at the lowest priority (<link rel=prefetch>); resolves once it is there or could not be. */
export function prefetch(url: string): Promise<void> {
  if (typeof performance.getEntriesByName === 'function' && performance.getEntriesByName(url).length > 0) return Promise.resolve(); // fetched before
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = url;
    link.onload = link.onerror = () => {
      link.remove();
      resolve();
    };
    document.head.appendChild(link);
  });
}

/** The rest of the shared antd: the components the dashboard does not draw (antd-full), which most areas do. */
const SHARED_ANTD: PreloadStep = { key: 'antd', load: () => import('antd') };

/**
 * A remote's area: its files fetched at the lowest priority, then its module readied from the
 * cache (evaluated, not mounted), so that its first visit fetches nothing and only mounts.
 */
const areaStep = (remote: RemoteName): PreloadStep => ({
  key: remote,
  load: async () => {
    await Promise.all((await remoteFiles(remote, 'app')).map(prefetch));
    await loadRemoteModule(remote, 'app');
  },
});

/** The performance mark set once a round of it is done (the bench visits the areas after it). */
export const AREAS_READY_MARK = 'areas-ready';

const preload = createIdlePreloader({ whenIdle: (work) => whenIdle(work), holdBack: browserHoldsBack });

/**
 * Once the first screen is drawn and the page idle (bus.firstScreen$), and then the rest of the
 * page drawn (the dashboard's widgets below its first screen, whatever comes first after a few
 * seconds), readies what the first visit of every area this role may open needs: the rest of the
 * shared antd, then each remote's area in the tabs' order. Not on a phone, a slow connection or
 * with Save-Data (browserHoldsBack): there an area's code comes when it is opened. Returns the
 * subscription's end.
 */
export function preloadAreasAfterFirstScreen(role: string): () => void {
  let ended = false;
  const sub = bus.firstScreen$.subscribe((drawn) => {
    if (!drawn) return;
    void whenPageComplete().then(() => {
      if (!ended) void preload([SHARED_ANTD, ...remotesFor(role).map(areaStep)]).then(() => performance.mark?.(AREAS_READY_MARK));
    });
  });
  return () => {
    ended = true;
    sub.unsubscribe();
  };
}
