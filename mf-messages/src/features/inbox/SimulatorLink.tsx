import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { utilitiesApi } from '@agency/api-client';
import { isAdminRole } from '@agency/contracts';
import { useObservable } from '@agency/ui';
import { bus } from '@agency/bus';

/** Whether the server opens the carrier simulators (development or a staging site, GET /config); false until it says so. */
function useSimulatorsOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.resolve(utilitiesApi.config()).then(
      (config) => live && setOpen(config?.simulators === true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return open;
}

/** A link to a carrier simulator, for owners and admins, only where the simulators open: never beside real work. */
export function SimulatorLink({ to, children }: { to: string; children: ReactNode }) {
  const session = useObservable(bus.session$);
  const open = useSimulatorsOpen();
  return isAdminRole(session?.user.role) && open ? <Link to={to}>{children}</Link> : null;
}
