import { useMemo } from 'react';
import { phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { PhoneQueue } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';

/** The account's call queues, asked again whenever a caller joins, leaves or is taken (users_queue). */
export function useQueues(): { queues: PhoneQueue[]; loading: boolean; failed: boolean } {
  const changed$ = useMemo(() => bus.on('users_queue'), []);
  const { data, loading, error } = useLiveQuery(phoneApi.queues, changed$);
  return { queues: data ?? [], loading: loading && !data, failed: !!error && !data };
}
