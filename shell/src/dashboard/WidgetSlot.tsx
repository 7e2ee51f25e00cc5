import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { theme } from 'antd';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { RemoteParcel } from '../remotes/RemoteParcel';
import type { DashboardSlot } from './slots';

/**
 * When a slot mounts its widget: `deciding` until the dashboard is laid out at its width, then `now`
 * for a slot on the first screen (its placeholder's top within the window's height) and `later` for
 * one below it, which mounts once the first screen is drawn (bus.firstScreen$) or as soon as it is
 * scrolled into view, whichever comes first.
 */
export type WidgetTiming = 'deciding' | 'now' | 'later';

/** Whether an element whose top is at `top` (from the viewport's top) is on the first screen. */
export const onFirstScreen = (top: number, viewportHeight: number) => top < viewportHeight;

/**
 * Mounts a slot's widget; the dashboard only renders slots whose remote exposes one. A widget below
 * the first screen waits for it with a placeholder of its usual size (nothing below it moves while
 * it loads), so what the first screen draws loads and draws first.
 */
export function WidgetSlot({ slot, laidOut = true }: { slot: DashboardSlot; laidOut?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  const drawn = useObservable(bus.firstScreen$);
  const [timing, setTiming] = useState<WidgetTiming>(() => (bus.firstScreen$.value ? 'now' : 'deciding'));
  const { token } = theme.useToken();

  // Before the browser paints: on the first screen or below it (the first screen waits for this, as
  // the placeholder says it is loading until then).
  useLayoutEffect(() => {
    if (timing !== 'deciding' || !laidOut || !ref.current) return;
    setTiming(onFirstScreen(ref.current.getBoundingClientRect().top, window.innerHeight) ? 'now' : 'later');
  }, [timing, laidOut]);

  // Scrolled into view before the first screen is done: at once. (Only a scroll counts: the widgets
  // above it draw shorter while they load, which may lift it into view without anyone scrolling.)
  useEffect(() => {
    const el = ref.current;
    if (timing !== 'later' || drawn || !el) return;
    const onScroll = () => {
      if (onFirstScreen(el.getBoundingClientRect().top, window.innerHeight)) setTiming('now');
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, [timing, drawn]);

  const mount = timing === 'now' || (timing === 'later' && drawn);
  return (
    <section aria-label={slot.title} data-widget={slot.key} ref={ref}>
      {mount ? (
        <RemoteParcel name={slot.remote} expose={slot.expose} />
      ) : (
        <div
          data-remote={slot.remote}
          // `loading` while deciding (the first screen is not drawn yet), `deferred` below it
          data-remote-state={timing === 'deciding' ? 'loading' : 'deferred'}
          aria-hidden
          style={{
            height: slot.height,
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        />
      )}
    </section>
  );
}
