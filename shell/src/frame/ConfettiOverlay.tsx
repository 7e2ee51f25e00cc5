import { useEffect, useRef, useState } from 'react';
import { bus } from '@agency/bus';

/** How long the confetti stays (spec 000 §9). */
export const CONFETTI_MS = 3_000;

/** A full-screen confetti burst over everything when something asks for a celebration; clicks pass through. */
export function ConfettiOverlay() {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const sub = bus.celebrate$.subscribe(() => setShownAt(Date.now()));
    return () => sub.unsubscribe();
  }, []);

  useEffect(() => {
    if (shownAt === null || !canvas.current) return;
    const target = canvas.current;
    let fire: ReturnType<typeof import('canvas-confetti').create> | undefined;
    const burst = (origin: { x: number; y: number }, angle: number) =>
      void fire?.({ particleCount: 90, spread: 70, startVelocity: 55, angle, origin, ticks: 180 });
    let gone = false;
    // canvas-confetti loads with the first celebration: no first screen draws it
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (gone) return;
      fire = confetti.create(target, { resize: true, useWorker: false, disableForReducedMotion: true });
      burst({ x: 0, y: 0.8 }, 60);
      burst({ x: 1, y: 0.8 }, 120);
    });
    const again = setTimeout(() => burst({ x: 0.5, y: 0.4 }, 90), 600);
    const hide = setTimeout(() => setShownAt(null), CONFETTI_MS);
    return () => {
      gone = true;
      clearTimeout(again);
      clearTimeout(hide);
      fire?.reset();
    };
  }, [shownAt]);

  if (shownAt === null) return null;
  return (
    <canvas
      ref={canvas}
      data-testid="confetti"
      aria-hidden="true"
      style={{ position: 'fixed', inset: 0, width: '100vw', height: '100vh', zIndex: 2100, pointerEvents: 'none' }}
    />
  );
}
