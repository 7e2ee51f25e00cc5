import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config';
import { KEY_FILE, loadClientDataKey } from './sealing/crypto';
import { AUDIT_KEY_FILE, loadAuditChainKeys } from './modules/audit/key';
import { demoDataDecision, missingProductionSecrets, simulatedProvidersRefusal, simulatedWork } from './startup';
import { tempDir } from './testing/tempDir';

const dataDir = () => tempDir('agency-startup-');

describe('demo data only on request', () => {
  it('seeds the demo agency only when DEMO_DATA=1 asks, and never in production', () => {
    const decide = (env: NodeJS.ProcessEnv) => demoDataDecision(loadConfig({ DATA_DIR: dataDir(), ...env }));
    assert.equal(decide({}), 'not-asked');
    assert.equal(decide({ DEMO_DATA: '1' }), 'seed');
    assert.equal(decide({ DEMO_DATA: '1', NODE_ENV: 'production' }), 'refused-in-production');
    assert.equal(decide({ NODE_ENV: 'production' }), 'not-asked');
  });
});

describe('production secrets', () => {
  it('names CLIENT_DATA_KEY and AUDIT_CHAIN_KEY when production lacks them, and nothing otherwise', () => {
    const audit = { AUDIT_CHAIN_KEY: 'b'.repeat(64) };
    assert.deepEqual(missingProductionSecrets({ production: true }, {}), ['CLIENT_DATA_KEY', 'AUDIT_CHAIN_KEY']);
    assert.deepEqual(missingProductionSecrets({ production: true }, { CLIENT_DATA_KEY: '  ', ...audit }), ['CLIENT_DATA_KEY']);
    assert.deepEqual(missingProductionSecrets({ production: true }, { CLIENT_DATA_KEY: 'a'.repeat(64) }), ['AUDIT_CHAIN_KEY']);
    assert.deepEqual(missingProductionSecrets({ production: true }, { CLIENT_DATA_KEY: 'a'.repeat(64), ...audit }), []);
    assert.deepEqual(missingProductionSecrets({ production: false }, {}), []);
  });

  it('never generates the client data key beside the data in production', () => {
    const dir = dataDir();
    assert.throws(() => loadClientDataKey(dir, { NODE_ENV: 'production' }), /CLIENT_DATA_KEY is required in production/);
    assert.equal(existsSync(join(dir, KEY_FILE)), false);
    assert.equal(loadClientDataKey(dir, {}).length, 32);
    assert.equal(existsSync(join(dir, KEY_FILE)), true);
  });

  it('never generates the audit chain key beside the data in production', () => {
    const dir = dataDir();
    assert.throws(() => loadAuditChainKeys(dir, { NODE_ENV: 'production' }), /AUDIT_CHAIN_KEY is required in production/);
    assert.equal(existsSync(join(dir, AUDIT_KEY_FILE)), false);
    const generated = loadAuditChainKeys(dir, {});
    assert.equal(existsSync(join(dir, AUDIT_KEY_FILE)), true);
    assert.equal(loadAuditChainKeys(dir, {}).id, generated.id, 'the next start reads the same key');
  });
});

describe('production runs on real providers', () => {
  const config = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ...env });
  const real = { CARRIER: 'twilio', BILLING: 'stripe' };

  it('refuses the local carrier and the local payment ledger, naming the setting', () => {
    assert.match(simulatedProvidersRefusal(config({}))!, /CARRIER and BILLING are local.*CARRIER=twilio and BILLING=stripe.*ALLOW_SIMULATED_PROVIDERS=1/);
    assert.match(simulatedProvidersRefusal(config({ CARRIER: 'twilio' }))!, /: BILLING is local\. Set BILLING=stripe/);
    assert.match(simulatedProvidersRefusal(config({ BILLING: 'stripe' }))!, /: CARRIER is local\. Set CARRIER=twilio/);
    assert.equal(simulatedProvidersRefusal(config(real)), null);
    assert.equal(simulatedProvidersRefusal(loadConfig({ DATA_DIR: dataDir() })), null, 'outside production the local providers are the default');
  });

  it('lets a staging site run on them when ALLOW_SIMULATED_PROVIDERS=1 says so, and then names what is simulated', () => {
    assert.equal(simulatedProvidersRefusal(config({ ALLOW_SIMULATED_PROVIDERS: '1' })), null);
    assert.deepEqual(simulatedWork(config({ ALLOW_SIMULATED_PROVIDERS: '1' })), ['texts', 'calls', 'payments']);
    assert.deepEqual(simulatedWork(config({ ALLOW_SIMULATED_PROVIDERS: '1', BILLING: 'stripe' })), ['texts', 'calls']);
    assert.deepEqual(simulatedWork(config({ ...real, ALLOW_SIMULATED_PROVIDERS: '1' })), []);
    assert.notEqual(simulatedProvidersRefusal(config({ ALLOW_SIMULATED_PROVIDERS: 'yes' })), null, 'only 1 allows them');
    assert.deepEqual(simulatedWork(loadConfig({ DATA_DIR: dataDir() })), [], 'development says nothing');
  });

  it('the server exits before it opens the database, saying why', () => {
    const dir = dataDir();
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', CLIENT_DATA_KEY: 'a'.repeat(64), AUDIT_CHAIN_KEY: 'b'.repeat(64), DATA_DIR: dir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /Production does not run on simulated providers: CARRIER and BILLING are local/);
    assert.equal(existsSync(join(dir, 'db')), false);
  });
});
