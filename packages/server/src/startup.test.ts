import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';
import { KEY_FILE, loadClientDataKey } from './sealing/crypto';
import { demoDataDecision, missingProductionSecrets } from './startup';

const dataDir = () => mkdtempSync(join(tmpdir(), 'agency-startup-'));

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
  it('names CLIENT_DATA_KEY when production lacks it, and nothing otherwise', () => {
    assert.deepEqual(missingProductionSecrets({ production: true }, {}), ['CLIENT_DATA_KEY']);
    assert.deepEqual(missingProductionSecrets({ production: true }, { CLIENT_DATA_KEY: '  ' }), ['CLIENT_DATA_KEY']);
    assert.deepEqual(missingProductionSecrets({ production: true }, { CLIENT_DATA_KEY: 'a'.repeat(64) }), []);
    assert.deepEqual(missingProductionSecrets({ production: false }, {}), []);
  });

  it('never generates the client data key beside the data in production', () => {
    const dir = dataDir();
    assert.throws(() => loadClientDataKey(dir, { NODE_ENV: 'production' }), /CLIENT_DATA_KEY is required in production/);
    assert.equal(existsSync(join(dir, KEY_FILE)), false);
    assert.equal(loadClientDataKey(dir, {}).length, 32);
    assert.equal(existsSync(join(dir, KEY_FILE)), true);
  });
});
