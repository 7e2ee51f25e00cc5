import { bus, type ToastKind } from '@agency/bus';
import { errorMessage } from '@agency/api-client';

/** What a remote can show on its own when no shell listens (a remote run standalone). */
export interface LocalFeedback {
  toast: (kind: ToastKind, message: string) => void;
  confirm: (title: string, content?: string) => Promise<boolean>;
}
let local: LocalFeedback | null = null;
export const setLocalFeedback = (f: LocalFeedback | null) => {
  local = f;
};

/** Snackbars go through the bus, where the shell shows them. */
function toast(kind: ToastKind, message: string) {
  if (bus.toast$.observed || !local) bus.toast({ kind, message });
  else local.toast(kind, message);
}
export const notifySuccess = (message: string) => toast('success', message);
export const notifyError = (message: string) => toast('error', message);
export const notifyWarning = (message: string) => toast('warning', message);
export const notifyInfo = (message: string) => toast('info', message);

/** The shell's confirmation dialog (Yes / No). */
export function confirmAction(title: string, content?: string): Promise<boolean> {
  if (bus.confirm$.observed || !local) return bus.confirm(title, content);
  return local.confirm(title, content);
}

/** The message an API failure carries, for the catalogue's '{msg}' parts. */
export const failureText = (err: unknown) => errorMessage(err, '');

/** Runs a save or delete and reports it with the catalogue's success or failure wording; rethrows failures. */
export async function withToasts<T>(work: Promise<T>, success: string, failure: (serverMessage: string) => string): Promise<T> {
  try {
    const result = await work;
    notifySuccess(success);
    return result;
  } catch (err) {
    notifyError(failure(failureText(err)));
    throw err;
  }
}
