import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb, openPglite, type PgliteDb } from './db/index';
import { listenForControl } from './backup/control';
import { checkRestoredDatabase } from './backup/restored';
import { migrate } from './db/migrate';
import { grantAppRole } from './db/roles';
import { loadAuditChainKeys, setAuditChainKeys } from './modules/audit/key';
import { createEvents } from './events';
import { startJobs } from './jobs/index';
import { createRealtime } from './realtime/index';
import { PUSH_FEATURES, socketFeatures } from './realtimeFeatures';
import { seedDemo } from './seed';
import { startBackground } from './background';
import { createShutdown, onProcessEnd } from './shutdown';
import { demoDataDecision, missingProductionSecrets, PRODUCTION_SECRETS, simulatedInProduction, simulatedProvidersRefusal } from './startup';

const config = loadConfig();
const missing = missingProductionSecrets(config);
if (missing.length) {
  console.error(`Production needs its own secrets; set ${missing.map((name) => `${name} (${PRODUCTION_SECRETS[name]})`).join(', ')}.`);
  process.exit(1);
}
const refusal = simulatedProvidersRefusal(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const simulated = simulatedInProduction(config);
if (simulated.length) console.warn(`ALLOW_SIMULATED_PROVIDERS=1: ${simulated.join(' and ')} stay local; every staff page says so.`);
// the audit chains' key, before anything (a job, the seed) may record an event
setAuditChainKeys(loadAuditChainKeys(config.dataDir));
const lite: PgliteDb | null = config.databaseUrl ? null : await openPglite(`${config.dataDir}/db`);
const db = lite ?? (await openDb({ databaseUrl: config.databaseUrl }));
let applied: string[];
if (config.migrationDatabaseUrl && config.databaseUrl) {
  // Migrations as the schema's owner; the app's own role gets rows, and only adds and reads the audit trail.
  const owner = await openDb({ databaseUrl: config.migrationDatabaseUrl });
  try {
    applied = await migrate(owner);
    const [{ role }] = await db.query<{ role: string }>('select current_user as role');
    await grantAppRole(owner, role);
  } finally {
    await owner.close();
  }
} else {
  applied = await migrate(db);
}
if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
// The first start after `npm run restore` verifies what it was given.
const restored = await checkRestoredDatabase(db, config.dataDir);
if (restored.restored && !restored.holds) {
  console.error(restored.message);
  await db.close();
  process.exit(1);
}
if (restored.restored) console.log(restored.message);
const demo = demoDataDecision(config);
if (demo === 'refused-in-production') console.warn('DEMO_DATA is ignored in production: the demo agency is never seeded there.');
const seeded = demo === 'seed' && (await seedDemo(db, { dataDir: config.dataDir, publicUrl: config.publicUrl }));
if (seeded) console.log('Seeded the demo agency.');

const events = createEvents();
const jobs = await startJobs(db);
const app = await buildApp({ db, config, events, jobs, logger: process.env.LOG_LEVEL ? true : false });
const stopBackground = await startBackground(app.deps);
// `npm run backup` asks this process for the copy of the embedded database it holds.
const stopControl = lite ? await listenForControl(lite, config) : async () => undefined;
const realtime = await createRealtime(db, app.server, {
  redisUrl: config.redisUrl,
  events,
  features: socketFeatures(app.deps),
  pushes: PUSH_FEATURES,
  sessions: app.deps.sessions,
});
await app.listen({ port: config.port, host: config.host });
// The local carrier's phone signalling: one process per host serves it (a second API process on
// the same host keeps serving the API and texts without it).
await app.deps.carrier.listenSignaling({ port: config.phoneSignalPort, host: config.host, certDir: config.dataDir }).catch((err: NodeJS.ErrnoException) => {
  console.warn(`The phone's signalling did not start on port ${config.phoneSignalPort}: ${err.code ?? err.message}. Calls go through the process that has it.`);
});

const url = `http://localhost:${config.port}`;
console.log(`\nAgency Desk is running at ${url}`);
if (demo === 'seed') console.log('The demo agency: the sign-ins are in the README.\n');

const log = (message: string, err?: unknown) => (err === undefined ? console.log(message) : console.error(message, err));
const shutdown = createShutdown([stopControl, stopBackground, () => jobs.stop(), () => realtime.close(), () => app.close(), () => db.close()], {
  timeoutMs: config.shutdownTimeoutMs,
  exit: (code) => process.exit(code),
  log,
});
onProcessEnd(shutdown, log);
