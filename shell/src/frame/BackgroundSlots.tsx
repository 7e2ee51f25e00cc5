import { useLiveQuery } from '@agency/ui';
import { REMOTE_MODULES, REMOTE_NAMES, type RemoteModuleName, type RemoteName } from '@agency/contracts';
import { remoteExposes } from '../remotes/registry';
import { RemoteParcel } from '../remotes/RemoteParcel';

/** Remotes that may run something on every page while signed in (task alerts), by their 'background' module. */
type BackgroundRemote = { [R in RemoteName]: 'background' extends RemoteModuleName<R> ? R : never }[RemoteName];
export const BACKGROUND_REMOTES = REMOTE_NAMES.filter((r): r is BackgroundRemote => (REMOTE_MODULES[r] as readonly string[]).includes('background'));

function BackgroundSlot({ name }: { name: BackgroundRemote }) {
  const exposed = useLiveQuery(() => remoteExposes(name), null, name).data?.includes('background');
  return exposed ? <RemoteParcel name={name} expose="background" /> : null;
}

/** Mounts every released background module, out of sight; a failing one harms nothing else. */
export function BackgroundSlots() {
  return (
    <div hidden data-slot="background">
      {BACKGROUND_REMOTES.map((name) => (
        <BackgroundSlot key={name} name={name} />
      ))}
    </div>
  );
}
