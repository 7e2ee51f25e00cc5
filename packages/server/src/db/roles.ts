import type { Db } from './index';

/*
 * Two roles on PostgreSQL. Migrations run as the role that owns the schema (MIGRATION_DATABASE_URL);
 * the app connects as a role that owns nothing (DATABASE_URL) and is granted, after each start's
 * migrations, what it needs: rows of every table, except the audit trail and the log of release
 * changes, whose rows it may only add and read. Not owning them, it cannot alter, disable the guard
 * of, truncate or drop them.
 * It creates nothing in public, and once pg-boss's schema exists (the app's role makes and owns it
 * at its first start) no schema either: the trail's functions pin their search_path, and a role that
 * cannot create schemas or functions has nothing of its own for them to find.
 */
export async function grantAppRole(owner: Db, appRole: string): Promise<void> {
  const [{ role, same }] = await owner.query<{ role: string; same: boolean }>('select quote_ident($1) as role, $1 = current_user as same', [appRole]);
  if (same) throw new Error('MIGRATION_DATABASE_URL and DATABASE_URL name the same role: the app would own the audit trail');
  await owner.exec(`
    grant usage on schema public to ${role};
    grant select, insert, update, delete on all tables in schema public to ${role};
    revoke update, delete, truncate, references, trigger on audit_events from ${role};
    revoke insert, update, delete, truncate, references, trigger on audit_chain_switch from ${role};
    revoke update, delete, truncate, references, trigger on release_changes from ${role};
    revoke create on schema public from ${role};
    grant usage, select on all sequences in schema public to ${role};
    grant execute on all functions in schema public to ${role};
  `);
  const [{ boss, database }] = await owner.query<{ boss: boolean; database: string }>(
    "select exists (select 1 from pg_namespace where nspname = 'pgboss') as boss, quote_ident(current_database()) as database",
  );
  if (!boss) return;
  await owner.exec(`revoke create on database ${database} from ${role}`);
  const [{ can }] = await owner.query<{ can: boolean }>("select has_database_privilege($1, current_database(), 'CREATE') as can", [appRole]);
  if (can) console.warn(`The app's role may still create schemas: revoke create on database ${database} from ${role} as the role that granted it.`);
}
