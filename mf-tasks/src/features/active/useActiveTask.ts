import { useEffect, useState } from 'react';
import { bus } from '@agency/bus';
import { taskBoardsApi } from '@agency/api-client';
import type { TaskCard } from '@agency/contracts';

/** The card the user is working on now, kept live. */
export function useActiveTask(): TaskCard | null {
  const [card, setCard] = useState<TaskCard | null>(null);
  useEffect(() => {
    let alive = true;
    taskBoardsApi
      .active()
      .then((c) => alive && setCard(c))
      .catch(() => undefined); // the toast and the socket keep it current anyway
    const sub = bus.on('taskBoard_activeTask').subscribe(({ card: c }) => setCard(c));
    return () => {
      alive = false;
      sub.unsubscribe();
    };
  }, []);
  return card;
}
