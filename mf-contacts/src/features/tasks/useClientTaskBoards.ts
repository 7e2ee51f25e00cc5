import { errorMessage, taskBoardsApi } from '@agency/api-client';
import { useLiveQuery } from '@agency/ui';
import type { ClientTaskBoard } from '@agency/contracts';

/** The contact's open cards on the task boards, each with its board's lanes; again when `version` changes. */
export function useClientTaskBoards(clientId: string, version: unknown) {
  const q = useLiveQuery<ClientTaskBoard[]>(() => taskBoardsApi.forClient(clientId), null, [clientId, version]);
  return { entries: q.data ?? null, error: q.error ? `Unable to load taskboards: ${errorMessage(q.error)}` : null };
}
