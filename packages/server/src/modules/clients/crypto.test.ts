import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSealer, KEY_FILE, loadClientDataKey, parseKey } from './crypto';

describe('sealing of sensitive client data', () => {
  it('seals with AES-256-GCM: a fresh IV each time, opened only with the key', () => {
    const key = parseKey('a'.repeat(64));
    const sealer = createSealer(key);
    const a = sealer.seal('123-45-6789');
    const b = sealer.seal('123-45-6789');
    assert.notEqual(a, b, 'the same value seals differently');
    assert.ok(a.startsWith('v1:') && !a.includes('6789'));
    assert.equal(sealer.open(a), '123-45-6789');
    assert.throws(() => createSealer(parseKey('b'.repeat(64))).open(a), 'another key cannot open it');
    const tampered = `v1:${Buffer.from(Buffer.from(a.slice(3), 'base64').map((x, i) => (i === 30 ? x ^ 1 : x))).toString('base64')}`;
    assert.throws(() => sealer.open(tampered), 'a changed byte is refused');
  });

  it('takes CLIENT_DATA_KEY from the environment, as base64 or hex, and refuses a short one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agency-key-'));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    assert.deepEqual(loadClientDataKey(dir, { CLIENT_DATA_KEY: b64 }), Buffer.alloc(32, 7));
    assert.throws(() => loadClientDataKey(dir, { CLIENT_DATA_KEY: 'short' }), /32 bytes/);
  });

  it('otherwise generates a key once and keeps it in the data folder, readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agency-key-'));
    const first = loadClientDataKey(dir, {});
    const again = loadClientDataKey(dir, {});
    assert.deepEqual(first, again);
    assert.equal(first.length, 32);
    assert.equal(readFileSync(join(dir, KEY_FILE), 'utf8'), first.toString('base64'));
    assert.equal(statSync(join(dir, KEY_FILE)).mode & 0o777, 0o600);
  });
});
