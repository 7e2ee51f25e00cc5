import { useLiveQuery } from '@agency/ui';
import { REMOTE_MODULES, REMOTE_NAMES, type RemoteModuleName, type RemoteName } from '@agency/contracts';
import { remoteExposes } from '../remotes/registry';
import { RemoteParcel } from '../remotes/RemoteParcel';
import { AreaNotice } from '../remotes/AreaNotice';

/** Remotes that may run something on every page while signed in (task alerts), by their 'background' module. */
type BackgroundRemote = { [R in RemoteName]: 'background' extends RemoteModuleName<R> ? R : never }[RemoteName];
export const BACKGROUND_REMOTES = REMOTE_NAMES.filter((r): r is BackgroundRemote => (REMOTE_MODULES[r] as readonly string[]).includes('background'));

/** What each background module does, in a sentence ('Task alerts could not load.'). */
const BACKGROUND_AREAS: Record<BackgroundRemote, string> = { contacts: 'Follow-up warnings', tasks: 'Task alerts' };

function BackgroundSlot({ name }: { name: BackgroundRemote }) {
  const release = useLiveQuery(() => remoteExposes(name), null, name);
  if (release.error && !release.data) return <AreaNotice area={BACKGROUND_AREAS[name]} />;
  return release.data?.includes('background') ? <RemoteParcel name={name} expose="background" notice={BACKGROUND_AREAS[name]} /> : null;
}

/** Mounts every released background module, out of sight; a failing one harms nothing else and says so in a notice. */
export function BackgroundSlots() {
  return (
    <div hidden data-slot="background">
      {BACKGROUND_REMOTES.map((name) => (
        <BackgroundSlot key={name} name={name} />
      ))}
    </div>
  );
}
