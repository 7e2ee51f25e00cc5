import { useCallback, useEffect, useState } from 'react';
import { errorMessage, locationsApi, usersApi } from '@agency/api-client';
import type { Location, User } from '@agency/contracts';
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
  const [users, setUsers] = useState<User[] | null>(null);
  const [locations, setLocations] = useState<Location[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [locationsError, setLocationsError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!accountId) return;
    let live = true;
    usersApi.list().then(
      (list) => {
        if (!live) return;
        setUsers(list);
        setError(null);
      },
      (err: unknown) => live && setError(EMPLOYEE_MESSAGES.loadUsersFailed(errorMessage(err))),
    );
    locationsApi.list(accountId).then(
      (list) => {
        if (!live) return;
        setLocations(list);
        setLocationsError(null);
      },
      (err: unknown) => live && setLocationsError(EMPLOYEE_MESSAGES.loadLocationsFailed(errorMessage(err))),
    );
    return () => {
      live = false;
    };
  }, [accountId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { users, locations, error, locationsError, reload };
}
