import { useEffect, useState } from 'react';
import { remoteExposes } from '../remotes/registry';
import { RemoteParcel } from '../remotes/RemoteParcel';
import type { DashboardSlot } from './slots';

/** Mounts a slot's widget when its remote's active release exposes it; a slot without one stays out. */
export function WidgetSlot({ slot }: { slot: DashboardSlot }) {
  const [exposed, setExposed] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    remoteExposes(slot.remote).then(
      (names) => live && setExposed(names.includes(slot.expose)),
      () => live && setExposed(true), // let the parcel show its own error card with Retry
    );
    return () => {
      live = false;
    };
  }, [slot.remote, slot.expose]);
  if (!exposed) return null;
  return (
    <section aria-label={slot.title} data-widget={slot.key}>
      <RemoteParcel name={slot.remote} expose={slot.expose} />
    </section>
  );
}
