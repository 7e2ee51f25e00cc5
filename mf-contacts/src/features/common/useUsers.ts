import { useLiveQuery } from '@agency/ui';
import type { User } from '@agency/contracts';
import { usersApi } from '@agency/api-client';

let cached: Promise<User[]> | null = null;

/** The account's users (for Managed By and follow-up peers), fetched once. */
export function useUsers(): User[] {
  return (
    useLiveQuery<User[]>(
      () =>
        (cached ??= usersApi.list().catch(() => {
          cached = null;
          return [] as User[];
        })),
    ).data ?? []
  );
}

export const userLabel = (u: Pick<User, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
