import { isAdminRole } from '@agency/contracts';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';

/** Whether the signed-in user holds an admin role (super, owner, admin). */
export function useIsAdmin(): boolean {
  const session = useObservable(bus.session$);
  return isAdminRole(session?.user.role);
}
