import { randomBytes, randomUUID } from 'node:crypto';
import { isAdminRole, roleRank, type EmployeeCreateParsed, type Role, type User, type UserUpdateParsed } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { FOREIGN_LOCATION } from '../locations/service';
import { hashPassword } from '../auth/service';
import { recordAudit, userAbout, type AuditWho } from '../audit/trail';
import { findUser, toUser, USER_COLUMNS, type UserRow } from '../accounts/members';

/*
 * Who may change whom. Everything happens inside one account: a user of another account is never
 * found (404), whatever the role.
 *
 * - Everyone may change their own profile and picture, and their own password when they know it.
 * - Admin roles may change other users of the same or a lower rank: super > owner > admin > employee.
 *   So an admin manages admins and employees, an owner also owners, and only a super touches a
 *   super. An owner is never demoted, reset or ghosted by an admin.
 * - A role change needs an admin role, is never made to oneself, and grants at most one's own rank.
 * - Creating and deleting users needs an admin role; nobody deletes themselves, and an admin never
 *   creates, changes or deletes an owner or a super (the same rank rule).
 * - Groups and account locations decide who rings and where: only admin roles set them.
 * - Email and extension are unique among the account's users (deleted users free theirs).
 * - Permissions follow the acting user: an admin ghosting an employee has an employee's rights.
 *   Ghosting itself is decided by the signed-in (real) user's role.
 */

export const rank = roleRank;

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
  const rows = await q.query<UserRow>(`select ${USER_COLUMNS} from users where account_id = $1 and deleted_at is null order by first_name, last_name, email`, [
    accountId,
  ]);
  return rows.map(toUser);
}

export const EMAIL_TAKEN = 'That email is already used by another user of this account.';
export const EXTENSION_TAKEN = 'That extension is already used by another user of this account.';

type ColumnField = Exclude<keyof UserUpdateParsed, 'accountLocations' | 'currentPassword' | 'currentCode'>;
const COLUMNS: Record<ColumnField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  themeColor: 'theme_color',
  extension: 'extension',
  role: 'role',
  phone: 'phone',
  avatar: 'avatar',
  npn: 'npn',
  groups: 'groups',
};

async function checkUniqueEmail(q: Queryable, accountId: string, email: string, exceptId: string | null) {
  const taken = await q.query('select 1 from users where account_id = $1 and lower(email) = lower($2) and id is distinct from $3 and deleted_at is null', [
    accountId,
    email,
    exceptId,
  ]);
  if (taken.length) throw conflict(EMAIL_TAKEN);
}

async function checkUniqueExtension(q: Queryable, accountId: string, extension: string | null | undefined, exceptId: string | null) {
  if (!extension) return;
  const taken = await q.query('select 1 from users where account_id = $1 and extension = $2 and id is distinct from $3 and deleted_at is null', [
    accountId,
    extension,
    exceptId,
  ]);
  if (taken.length) throw conflict(EXTENSION_TAKEN);
}

/** Sets a user's locations; every one must be a location of the account. */
async function setLocations(q: Queryable, accountId: string, userId: string, locationIds: string[]) {
  const ids = [...new Set(locationIds)];
  if (ids.length) {
    const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from account_locations where account_id = $1 and id = any($2::uuid[])', [
      accountId,
      ids,
    ]);
    if (n !== ids.length) throw badRequest(FOREIGN_LOCATION);
  }
  await q.query('delete from user_locations where user_id = $1', [userId]);
  if (ids.length) await q.query('insert into user_locations (user_id, location_id) select $1, unnest($2::uuid[])', [userId, ids]);
}

const cleanGroups = (groups: string[]) => [...new Set(groups.map((g) => g.trim()).filter(Boolean))];

export async function updateUser(
  db: Db,
  accountId: string,
  actor: Actor,
  userId: string,
  fields: Omit<UserUpdateParsed, 'currentPassword' | 'currentCode'>,
  who: AuditWho,
): Promise<User> {
  return db.tx(async (q) => {
    const target = await manageableUser(q, accountId, actor, userId);
    if (fields.role !== undefined && fields.role !== target.role) {
      if (actor.id === target.id) throw forbidden('You cannot change your own role.');
      if (!isAdminRole(actor.role) || rank(fields.role) > rank(actor.role)) throw forbidden();
    }
    if ((fields.groups !== undefined || fields.accountLocations !== undefined) && !isAdminRole(actor.role)) {
      throw forbidden('Only an owner or admin sets groups and locations.');
    }
    if (fields.email !== undefined && fields.email.toLowerCase() !== target.email.toLowerCase()) await checkUniqueEmail(q, accountId, fields.email, userId);
    if (fields.extension !== undefined && fields.extension !== target.extension) await checkUniqueExtension(q, accountId, fields.extension || null, userId);
    const { accountLocations, ...columns } = fields;
    const values: Partial<Record<ColumnField, unknown>> = { ...columns };
    if (columns.themeColor && !columns.themeColor.startsWith('#')) values.themeColor = `#${columns.themeColor}`;
    if (columns.extension !== undefined) values.extension = columns.extension || null;
    if (columns.npn !== undefined) values.npn = columns.npn || null;
    if (columns.groups !== undefined) values.groups = cleanGroups(columns.groups);
    const entries = Object.entries(values).filter(([, v]) => v !== undefined) as Array<[ColumnField, unknown]>;
    if (entries.length) {
      const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 3}`).join(', ');
      await q.query(`update users set ${sets} where id = $1 and account_id = $2`, [userId, accountId, ...entries.map(([, v]) => v)]);
    }
    if (accountLocations !== undefined) await setLocations(q, accountId, userId, accountLocations);
    const user = await findUser(q, accountId, userId);
    if (!user) throw notFound('User not found');
    if (user.role !== target.role || user.email.toLowerCase() !== target.email.toLowerCase()) {
      const about = await userAbout(q, accountId, userId);
      if (user.role !== target.role) await recordAudit(q, who, 'roleChanged', about, `${target.role} to ${user.role}`);
      if (user.email.toLowerCase() !== target.email.toLowerCase()) await recordAudit(q, who, 'emailChanged', about, `${target.email} to ${user.email}`);
    }
    return user;
  });
}

/** How long a new user's welcome link lives (it allows 5 attempts, like a reset code). */
export const WELCOME_LINK_HOURS = 24;

/**
 * Adds a user to the account with an unusable password and a welcome token (128 bits, stored
 * hashed like a reset code) to choose one. Returns the user and the token for the welcome link.
 */
export async function createEmployee(q: Queryable, accountId: string, actor: Actor, input: EmployeeCreateParsed): Promise<{ user: User; token: string }> {
  if (!isAdminRole(actor.role) || rank(input.userRole) > rank(actor.role)) throw forbidden();
  await checkUniqueEmail(q, accountId, input.userEmail, null);
  await checkUniqueExtension(q, accountId, input.userExtension || null, null);
  const id = randomUUID();
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await q.query(
    `insert into users (id, account_id, email, password_hash, role, first_name, last_name, avatar, extension, phone, npn, groups)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      accountId,
      input.userEmail,
      unusable,
      input.userRole,
      input.userFirstName,
      input.userLastName,
      input.userAvatar ?? null,
      input.userExtension || null,
      input.userPhone ?? null,
      input.userNPN || null,
      cleanGroups(input.userGroups ?? []),
    ],
  );
  await setLocations(q, accountId, id, input.userAccountLocations ?? []);
  const token = randomBytes(16).toString('base64url');
  await q.query(
    `insert into password_resets (user_id, account_id, code_hash, attempts, expires_at)
     values ($1, $2, $3, 0, now() + make_interval(hours => $4))`,
    [id, accountId, await hashPassword(token), WELCOME_LINK_HOURS],
  );
  const user = await findUser(q, accountId, id);
  if (!user) throw notFound('User not found');
  return { user, token };
}

/** Deletes a user (the row stays for history, marked deleted); the caller revokes their sessions. */
export async function deleteEmployee(q: Queryable, accountId: string, actor: Actor, userId: string): Promise<void> {
  if (!isAdminRole(actor.role)) throw forbidden();
  if (userId === actor.id) throw forbidden('You cannot delete yourself.');
  await manageableUser(q, accountId, actor, userId);
  await q.query('update users set deleted_at = now(), phone_status = $3 where id = $1 and account_id = $2', [userId, accountId, 'offline']);
  await q.query('delete from user_locations where user_id = $1', [userId]);
  await q.query('delete from password_resets where user_id = $1', [userId]);
}
