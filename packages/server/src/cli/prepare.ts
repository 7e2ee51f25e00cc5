/**
 * Migrates the database and, when DEMO_DATA asks for it and it is empty, seeds the demo agency, then
 * exits: what the server does as it starts, done ahead (`npm start` runs it beside the builds). The
 * server then finds nothing left to do. With MIGRATION_DATABASE_URL the server keeps doing it itself.
 */
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed';
import { demoDataDecision } from '../startup';

const config = loadConfig();
if (config.migrationDatabaseUrl && config.databaseUrl) process.exit(0);
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
try {
  const applied = await migrate(db);
  const seeded = demoDataDecision(config) === 'seed' && (await seedDemo(db, { dataDir: config.dataDir, publicUrl: config.publicUrl }));
  console.log(`${applied.length ? `${applied.length} migrations applied` : 'The database is up to date'}${seeded ? ', the demo agency seeded' : ''}.`);
} finally {
  await db.close();
}
