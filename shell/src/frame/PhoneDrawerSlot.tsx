import { useLiveQuery } from '@agency/ui';
import { remoteExposes } from '../remotes/registry';
import { RemoteParcel } from '../remotes/RemoteParcel';

/** The phone remote's drawer, on every page, once its release exposes one. */
export function PhoneDrawerSlot() {
  const exposed = useLiveQuery(() => remoteExposes('phone')).data?.includes('drawer');
  return exposed ? (
    <aside aria-label="Phone" data-slot="phone-drawer">
      <RemoteParcel name="phone" expose="drawer" />
    </aside>
  ) : null;
}
