import { isAdminRole, type Role, type User, type UserUpdate } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import type { AppEvents } from '../../events';
import { conflict, forbidden, notFound } from '../../http/errors';
import { findUser, toUser, USER_COLUMNS, type UserRow } from './mapping';

/*
 * Who may change whom. Everything happens inside one account: a user of another account is never
 * found (404), whatever the role.
 *
 * - Everyone may change their own profile and picture, and their own password when they know it.
 * - Admin roles may change other users of the same or a lower rank: super > owner > admin > employee.
 *   So an admin manages admins and employees, an owner also owners, and only a super touches a
 *   super. An owner is never demoted, reset or ghosted by an admin.
 * - A role change needs an admin role, is never made to oneself, and grants at most one's own rank.
 * - Permissions follow the acting user: an admin ghosting an employee has an employee's rights.
 *   Ghosting itself is decided by the signed-in (real) user's role.
 */

const RANK: Record<Role, number> = { employee: 0, admin: 1, owner: 2, super: 3 };
export const rank = (role: string) => RANK[role.toLowerCase() as Role] ?? -1;

export interface Actor {
  id: string;
  role: Role;
}

/** May `actor` change `target`, another user of the same account? */
export function canManage(actor: Actor, target: { id: string; role: Role }): boolean {
  if (actor.id === target.id) return true;
  return isAdminRole(actor.role) && rank(actor.role) >= rank(target.role);
}

export async function loadUser(q: Queryable, accountId: string, userId: string): Promise<UserRow & { password_hash: string }> {
  const [row] = await q.query<UserRow & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where id = $1 and account_id = $2 and deleted_at is null`,
    [userId, accountId],
  );
  if (!row) throw notFound('User not found');
  return row;
}

/** Loads a user of the actor's account and checks the actor may change them. */
export async function manageableUser(q: Queryable, accountId: string, actor: Actor, userId: string) {
  const target = await loadUser(q, accountId, userId);
  if (!canManage(actor, target)) throw forbidden();
  return target;
}

export async function listUsers(q: Queryable, accountId: string): Promise<User[]> {
  const rows = await q.query<UserRow>(
    `select ${USER_COLUMNS} from users where account_id = $1 and deleted_at is null order by first_name, last_name, email`,
    [accountId],
  );
  return rows.map(toUser);
}

const COLUMNS: Record<keyof UserUpdate, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  themeColor: 'theme_color',
  extension: 'extension',
  role: 'role',
};

export async function updateUser(db: Db, accountId: string, actor: Actor, userId: string, fields: UserUpdate): Promise<User> {
  return db.tx(async (q) => {
    const target = await manageableUser(q, accountId, actor, userId);
    if (fields.role !== undefined && fields.role !== target.role) {
      if (actor.id === target.id) throw forbidden('You cannot change your own role.');
      if (rank(fields.role) > rank(actor.role)) throw forbidden();
    }
    if (fields.email !== undefined && fields.email.toLowerCase() !== target.email.toLowerCase()) {
      const taken = await q.query('select 1 from users where account_id = $1 and lower(email) = lower($2) and id <> $3', [
        accountId,
        fields.email,
        userId,
      ]);
      if (taken.length) throw conflict('That email is already used by another user of this account.');
    }
    const values = { ...fields };
    if (values.themeColor && !values.themeColor.startsWith('#')) values.themeColor = `#${values.themeColor}`;
    const entries = Object.entries(values).filter(([, v]) => v !== undefined) as Array<[keyof UserUpdate, unknown]>;
    if (entries.length) {
      const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 3}`).join(', ');
      await q.query(`update users set ${sets} where id = $1 and account_id = $2`, [userId, accountId, ...entries.map(([, v]) => v)]);
    }
    const user = await findUser(q, accountId, userId);
    if (!user) throw notFound('User not found');
    return user;
  });
}

/** Tells the account's sockets that a user changed (users_update). */
export async function publishUser(deps: { db: Queryable; events: AppEvents }, accountId: string, userId: string): Promise<User | null> {
  const user = await findUser(deps.db, accountId, userId);
  if (user) deps.events.emit('userUpdated', { accountId, user });
  return user;
}
