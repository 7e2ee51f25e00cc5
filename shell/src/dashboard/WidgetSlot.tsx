import { RemoteParcel } from '../remotes/RemoteParcel';
import type { DashboardSlot } from './slots';

/** Mounts a slot's widget; the dashboard only renders slots whose remote exposes one. */
export function WidgetSlot({ slot }: { slot: DashboardSlot }) {
  return (
    <section aria-label={slot.title} data-widget={slot.key}>
      <RemoteParcel name={slot.remote} expose={slot.expose} />
    </section>
  );
}
