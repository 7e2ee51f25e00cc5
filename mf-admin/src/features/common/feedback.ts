import { isAdminRole } from '@agency/contracts';
import { bus } from '@agency/bus';
import { errorMessage } from '@agency/api-client';
import { useObservable } from '@agency/ui';

export const notifySuccess = (message: string) => bus.toast({ kind: 'success', message });
export const notifyError = (message: string) => bus.toast({ kind: 'error', message });

/** The server's message of a failure ('' when it has none), for the catalogue's '{message}' parts. */
export const failureText = (err: unknown) => errorMessage(err, '');

/** Runs a save or delete and reports it in the catalogue's words; rethrows a failure. */
export async function withToasts<T>(work: Promise<T>, success: string, failure: (message: string) => string): Promise<T> {
  try {
    const result = await work;
    notifySuccess(success);
    return result;
  } catch (err) {
    notifyError(failure(failureText(err)));
    throw err;
  }
}

/** Whether the signed-in user holds an admin role (super, owner, admin). */
export function useIsAdmin(): boolean {
  const session = useObservable(bus.session$);
  return isAdminRole(session?.user.role);
}
