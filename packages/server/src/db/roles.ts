import type { Db } from './index';

/*
 * Two roles on PostgreSQL. Migrations run as the role that owns the schema (MIGRATION_DATABASE_URL);
 * the app connects as a role that owns nothing (DATABASE_URL) and is granted, after each start's
 * migrations, what it needs: rows of every table, except the audit trail, whose rows it may only add
 * and read. Not owning audit_events, it cannot alter, disable the guard of, truncate or drop it.
 * (pg-boss keeps its own schema, which the app's role makes and owns.)
 */
export async function grantAppRole(owner: Db, appRole: string): Promise<void> {
  const [{ role, same }] = await owner.query<{ role: string; same: boolean }>('select quote_ident($1) as role, $1 = current_user as same', [appRole]);
  if (same) throw new Error('MIGRATION_DATABASE_URL and DATABASE_URL name the same role: the app would own the audit trail');
  await owner.exec(`
    grant usage on schema public to ${role};
    grant select, insert, update, delete on all tables in schema public to ${role};
    revoke update, delete, truncate, references, trigger on audit_events from ${role};
    grant usage, select on all sequences in schema public to ${role};
    grant execute on all functions in schema public to ${role};
  `);
}
