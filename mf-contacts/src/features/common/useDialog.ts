import { useState } from 'react';

/** Which record a dialog edits: null closed, 'new' adding, or the record. */
export function useDialog<T>() {
  const [state, setState] = useState<T | 'new' | null>(null);
  return {
    open: state !== null,
    record: state === 'new' || state === null ? null : state,
    openNew: () => setState('new'),
    openEdit: (record: T) => setState(record),
    close: () => setState(null),
  };
}
