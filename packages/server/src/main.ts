import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/index';
import { migrate } from './db/migrate';
import { createEvents } from './events';
import { startJobs } from './jobs/index';
import { createRealtime } from './realtime/index';
import { PUSH_FEATURES, SOCKET_FEATURES } from './realtime/features';
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from './seed';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
const applied = await migrate(db);
if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
if (await seedIfEmpty(db)) console.log('Seeded the demo agency.');

const events = createEvents();
const jobs = await startJobs(db);
const app = await buildApp({ db, config, events, jobs, logger: process.env.LOG_LEVEL ? true : false });
const realtime = await createRealtime(db, app.server, { redisUrl: config.redisUrl, events, features: SOCKET_FEATURES, pushes: PUSH_FEATURES });
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
console.log(`\nAgency Desk is running at ${url}`);
console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"): ${[...new Set(DEMO_USERS.map((u) => u.email))].join(', ')}`);
console.log('super@demo.test uses MFA with the TOTP secret JBSWY3DPEHPK3PXP.\n');

const stop = async () => {
  await jobs.stop();
  await realtime.close();
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
