import { useEffect, useState } from 'react';
import { phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { PhoneQueue } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';

/**
 * The account's call queues: asked for once, then as the server pushes them (users_queue carries
 * the whole list whenever a caller joins, leaves or is taken, so nobody asks again).
 */
export function useQueues(): { queues: PhoneQueue[]; loading: boolean; failed: boolean } {
  const { data, loading, error } = useLiveQuery(phoneApi.queues);
  const [pushed, setPushed] = useState<PhoneQueue[] | null>(null);
  useEffect(() => {
    const sub = bus.on('users_queue').subscribe(({ queues }) => setPushed(queues));
    return () => sub.unsubscribe();
  }, []);
  const queues = pushed ?? data;
  return { queues: queues ?? [], loading: loading && !queues, failed: !!error && !queues };
}
