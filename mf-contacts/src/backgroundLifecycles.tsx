import { createRemoteLifecycles } from '@agency/ui';
import { PastDueWarnings } from './features/followups/PastDueWarnings';

/** Draws only its warnings: the shell mounts it once signed in, so past-due follow-ups are raised on every page. */
export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Follow-up warnings', PastDueWarnings, { routed: false });
