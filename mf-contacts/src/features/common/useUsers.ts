import { useEffect, useState } from 'react';
import type { User } from '@agency/contracts';
import { usersApi } from '@agency/api-client';

let cached: Promise<User[]> | null = null;

/** The account's users (for Managed By and follow-up peers), fetched once. */
export function useUsers(): User[] {
  const [users, setUsers] = useState<User[]>([]);
  useEffect(() => {
    let live = true;
    if (!cached) {
      cached = usersApi.list().catch(() => {
        cached = null;
        return [] as User[];
      });
    }
    void cached.then((u) => live && setUsers(u));
    return () => {
      live = false;
    };
  }, []);
  return users;
}

export const userLabel = (u: Pick<User, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
