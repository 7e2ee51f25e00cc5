import { useLiveQuery } from '@agency/ui';
import { remoteExposes } from '../remotes/registry';
import { RemoteParcel } from '../remotes/RemoteParcel';
import { AreaNotice } from '../remotes/AreaNotice';

const AREA = 'The phone';

/** The phone remote's drawer, on every page, once its release exposes one; a notice if it cannot load. */
export function PhoneDrawerSlot() {
  const release = useLiveQuery(() => remoteExposes('phone'));
  if (release.error && !release.data) return <AreaNotice area={AREA} />;
  return release.data?.includes('drawer') ? (
    <aside aria-label="Phone" data-slot="phone-drawer">
      <RemoteParcel name="phone" expose="drawer" notice={AREA} />
    </aside>
  ) : null;
}
