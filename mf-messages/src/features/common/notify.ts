import { bus, type ToastKind } from '@agency/bus';

/** What the remote shows on its own when no shell listens on the bus (run standalone, or the public page). */
type LocalToast = (kind: ToastKind, message: string) => void;
let local: LocalToast | null = null;
export const setLocalToast = (t: LocalToast | null) => {
  local = t;
};

/** Snackbars go through the bus, where the shell shows them. */
function toast(kind: ToastKind, message: string) {
  if (bus.toast$.observed || !local) bus.toast({ kind, message });
  else local(kind, message);
}
export const notifySuccess = (message: string) => toast('success', message);
export const notifyError = (message: string) => toast('error', message);
