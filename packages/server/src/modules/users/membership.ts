import type { Queryable } from '../../db/index';

/** Whether `userId` is a current (not deleted) user of the account: the check every reference to a colleague makes. */
export async function isAccountUser(q: Queryable, accountId: string, userId: string): Promise<boolean> {
  const [u] = await q.query('select 1 from users where id = $1 and account_id = $2 and deleted_at is null', [userId, accountId]);
  return !!u;
}
