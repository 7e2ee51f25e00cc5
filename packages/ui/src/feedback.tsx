import { useEffect } from 'react';
import { App } from 'antd';
import { errorMessage } from '@agency/api-client';
import { bus, type ToastRequest } from '@agency/bus';

/**
 * Toasts and Yes/No confirmations go through the bus, so the shell shows them the same way
 * everywhere. Where nothing listens on the bus (a remote running alone), the remote's
 * FeedbackBridge shows them itself.
 */
interface LocalFeedback {
  toast: (t: ToastRequest) => void;
  confirm: (title: string, content?: string) => Promise<boolean>;
}
let local: LocalFeedback | null = null;

export function toast(t: ToastRequest): void {
  if (bus.toast$.observed || !local) bus.toast(t);
  else local.toast(t);
}
export const notifySuccess = (message: string) => toast({ kind: 'success', message });
export const notifyError = (message: string) => toast({ kind: 'error', message });
export const notifyWarning = (message: string) => toast({ kind: 'warning', message });
export const notifyInfo = (message: string) => toast({ kind: 'info', message });

/** The shell's confirmation dialog (Yes / No). */
export function confirmAction(title: string, content?: string): Promise<boolean> {
  if (bus.confirm$.observed || !local) return bus.confirm(title, content);
  return local.confirm(title, content);
}

/** The server's message of a failure ('' when it has none), for the catalogue's '{message}' parts. */
export const failureText = (err: unknown) => errorMessage(err, '');

/** Runs a save or delete and reports it in the catalogue's words; rethrows a failure. */
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

/** Lets a remote show toasts and confirmations itself when no shell listens on the bus. */
export function FeedbackBridge() {
  const { modal, notification } = App.useApp();
  useEffect(() => {
    const mine: LocalFeedback = {
      toast: (t) => notification[t.kind]({ key: t.key, title: t.message, description: t.description, duration: t.persistent ? 0 : 4.5 }),
      confirm: (title, content) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({ title, content, okText: 'Yes', cancelText: 'No', onOk: () => resolve(true), onCancel: () => resolve(false) });
        }),
    };
    local = mine;
    return () => {
      if (local === mine) local = null;
    };
  }, [modal, notification]);
  return null;
}
