import { useEffect, useState } from 'react';
import { remoteExposes } from '../remotes/registry';
import { RemoteParcel } from '../remotes/RemoteParcel';

/** The phone remote's drawer, on every page, once its release exposes one. */
export function PhoneDrawerSlot() {
  const [exposed, setExposed] = useState(false);
  useEffect(() => {
    let live = true;
    remoteExposes('phone').then(
      (names) => live && setExposed(names.includes('drawer')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return exposed ? (
    <aside aria-label="Phone" data-slot="phone-drawer">
      <RemoteParcel name="phone" expose="drawer" />
    </aside>
  ) : null;
}
