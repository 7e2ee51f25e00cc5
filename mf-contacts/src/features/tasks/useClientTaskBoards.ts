import { useEffect, useState } from 'react';
import { errorMessage, taskBoardsApi } from '@agency/api-client';
import type { ClientTaskBoard } from '@agency/contracts';

/** The contact's open cards on the task boards, each with its board's lanes; again when `version` changes. */
export function useClientTaskBoards(clientId: string, version: unknown) {
  const [entries, setEntries] = useState<ClientTaskBoard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    taskBoardsApi.forClient(clientId).then(
      (e) => alive && (setEntries(e), setError(null)),
      (err) => alive && setError(`Unable to load taskboards: ${errorMessage(err)}`),
    );
    return () => {
      alive = false;
    };
  }, [clientId, version]);
  return { entries, error };
}
