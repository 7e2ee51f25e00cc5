import { useEffect } from 'react';
import { bus } from '@agency/bus';

/** What leaving a settings form with changes asks (spec 002 section 4). */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes, are you sure you want to leave?';

let dirtyForms = 0;

/** While `dirty`, leaving the page (reload, close, another settings tab) asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    dirtyForms += 1;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyForms -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/** Resolves true when there is nothing unsaved, or the person agrees to leave it. */
export function mayLeave(): Promise<boolean> {
  if (dirtyForms <= 0) return Promise.resolve(true);
  return bus.confirm(UNSAVED_CHANGES_MESSAGE);
}
