import { useEffect, useRef, useState } from 'react';

/**
 * An element's width, followed as it changes: `ref` goes on the element; `width` is null until it
 * is laid out (or where nothing lays out, as in tests). Pages choose their layout from it rather than
 * from the window's width, which counts the side nav and the phone drawer.
 */
export function useWidth<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || null);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}
