import { useState } from 'react';

/**
 * Which of some dialogs is open, and which have been opened at all: a dialog whose code loads when
 * first asked for is drawn from its first opening on, so that it also closes with its animation.
 */
export function useLazyDialogs<K extends string>() {
  const [open, setOpen] = useState<K | null>(null);
  const [opened, setOpened] = useState<Partial<Record<K, true>>>({});
  const show = (which: K) => {
    setOpened((o) => ({ ...o, [which]: true }));
    setOpen(which);
  };
  return { open, opened, show, close: () => setOpen(null) };
}
