import { useCallback } from 'react';
import { errorMessage, locationsApi, usersApi } from '@agency/api-client';
import type { Location, User } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';
import { EMPLOYEE_MESSAGES } from './messages';

export interface Team {
  users: User[] | null;
  locations: Location[];
  error: string | null;
  locationsError: string | null;
  reload: () => void;
}

/** The account's users and locations, as the employee screens need them. */
export function useTeam(accountId: string | undefined): Team {
  const users = useLiveQuery(accountId ? () => usersApi.list() : null, null, accountId);
  const locations = useLiveQuery(accountId ? () => locationsApi.list(accountId) : null, null, accountId);
  const { reload: reloadUsers } = users;
  const { reload: reloadLocations } = locations;
  const reload = useCallback(() => {
    reloadUsers();
    reloadLocations();
  }, [reloadUsers, reloadLocations]);
  return {
    users: users.data ?? null,
    locations: locations.data ?? [],
    error: users.error ? EMPLOYEE_MESSAGES.loadUsersFailed(errorMessage(users.error)) : null,
    locationsError: locations.error ? EMPLOYEE_MESSAGES.loadLocationsFailed(errorMessage(locations.error)) : null,
    reload,
  };
}
