import { bus, hostControls } from '@agency/bus';

/**
 * The first screen after the sign-in is drawn when the page's main area has content, none of its
 * remote areas is still loading its code, and, on the dashboard, every widget slot the person sees
 * is placed (the dashboard says so with data-widgets="placed").
 */
export function firstScreenSettled(doc: ParentNode = document): boolean {
  const main = doc.querySelector('#main');
  if (!main?.textContent?.trim()) return false;
  if (main.querySelector('[data-remote-state="loading"]')) return false;
  const dashboard = main.querySelector('[data-testid="dashboard"]');
  return !dashboard || dashboard.getAttribute('data-widgets') === 'placed';
}

/**
 * The page is complete when, besides its first screen, nothing in its main area waits or loads:
 * the dashboard's widgets below the first screen (data-remote-state="deferred" until it is drawn)
 * are drawn too.
 */
export function pageComplete(doc: ParentNode = document): boolean {
  return firstScreenSettled(doc) && !doc.querySelector('#main [data-remote-state="deferred"], #main [data-remote-state="loading"]');
}

/** The performance mark of that moment: what the page itself loads is in (the bench counts what loads after it as the areas' prefetch). */
export const PAGE_COMPLETE_MARK = 'page-complete';

/**
 * Calls `then` once, as soon as `settled()` holds while the page's areas load and draw (or
 * `latestMs` later whatever it draws).
 */
function onceSettled(settled: () => boolean, latestMs: number, then: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(latest);
    then();
  };
  const observer = new MutationObserver(() => settled() && finish());
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-remote-state', 'data-widgets'] });
  const latest = setTimeout(finish, latestMs);
  if (settled()) finish();
}

/**
 * Resolves once the page is complete, or `latestMs` later whatever it draws; marks the moment
 * (PAGE_COMPLETE_MARK), once per page.
 */
export function whenPageComplete(latestMs = FIRST_SCREEN_LATEST_MS): Promise<void> {
  return new Promise((resolve) =>
    onceSettled(pageComplete, latestMs, () => {
      if (!performance.getEntriesByName?.(PAGE_COMPLETE_MARK).length) performance.mark?.(PAGE_COMPLETE_MARK);
      resolve();
    }),
  );
}

/** Runs `work` when the browser is next idle (at most `timeoutMs` later); a browser without requestIdleCallback waits a moment. */
export function whenIdle(work: () => void, timeoutMs = 2_000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 50);
}

/** However long the first screen takes (an area stuck loading), what waits for it starts this long after the frame. */
export const FIRST_SCREEN_LATEST_MS = 8_000;

/** The performance mark of that moment (the bench splits what loads before and after it). */
export const FIRST_SCREEN_MARK = 'first-screen-drawn';

let watching = false;

/**
 * Watches the page from the frame's first render and tells the bus (firstScreen$) once the first
 * screen is drawn and the page then idle: what that screen does not draw (the phone's Voice SDK,
 * the code of the areas not opened yet) loads after it. Once per page.
 */
export function watchFirstScreen(): void {
  if (watching || bus.firstScreen$.value) return;
  watching = true;
  onceSettled(firstScreenSettled, FIRST_SCREEN_LATEST_MS, () =>
    whenIdle(() => {
      performance.mark?.(FIRST_SCREEN_MARK);
      hostControls().firstScreenDrawn();
    }),
  );
}
