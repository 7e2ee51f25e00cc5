import { useEffect } from 'react';
import { bus } from '@agency/bus';
import { taskBoardsApi } from '@agency/api-client';
import type { TaskCard } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';

/** The card the user is working on now, kept live (a failed read is left to the socket, which keeps it current anyway). */
export function useActiveTask(): TaskCard | null {
  const active = useLiveQuery(() => taskBoardsApi.active());
  const { update } = active;
  useEffect(() => {
    const sub = bus.on('taskBoard_activeTask').subscribe(({ card }) => update(() => card));
    return () => sub.unsubscribe();
  }, [update]);
  return active.data ?? null;
}
