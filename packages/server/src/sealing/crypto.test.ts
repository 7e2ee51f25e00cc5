import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { createSealer, KEY_FILE, keyId, loadClientDataKey, parseKey, previousKeys } from './crypto';
import { tempDir } from '../testing/tempDir';

describe('sealing of sensitive client data', () => {
  it('seals with AES-256-GCM: a fresh IV each time, opened only with the key', () => {
    const key = parseKey('a'.repeat(64));
    const sealer = createSealer(key);
    const a = sealer.seal('123-45-6789');
    const b = sealer.seal('123-45-6789');
    assert.notEqual(a, b, 'the same value seals differently');
    assert.ok(a.startsWith(`v2:${keyId(key)}:`) && !a.includes('6789'));
    assert.equal(sealer.open(a), '123-45-6789');
    assert.throws(() => createSealer(parseKey('b'.repeat(64))).open(a), 'another key cannot open it');
    const prefix = `v2:${keyId(key)}:`;
    const tampered = `${prefix}${Buffer.from(Buffer.from(a.slice(prefix.length), 'base64').map((x, i) => (i === 30 ? x ^ 1 : x))).toString('base64')}`;
    assert.throws(() => sealer.open(tampered), 'a changed byte is refused');
  });

  it('binds a value to its row and field: elsewhere it does not open', () => {
    const sealer = createSealer(parseKey('a'.repeat(64)));
    const sealed = sealer.seal('D1234567', 'clients:1:dlId');
    assert.equal(sealer.open(sealed, 'clients:1:dlId'), 'D1234567');
    assert.throws(() => sealer.open(sealed, 'clients:2:dlId'), 'another row');
    assert.throws(() => sealer.open(sealed, 'clients:1:coDlId'), 'another field');
    assert.throws(() => sealer.open(sealed), 'no binding');
  });

  it('rotates: the new key seals, the previous ones still open their values, which read as stale', () => {
    const oldKey = parseKey('a'.repeat(64));
    const newKey = parseKey('c'.repeat(64));
    const before = createSealer(oldKey).seal('secret', 'users:1:mfa');
    const rotated = createSealer(newKey, [oldKey]);
    assert.equal(rotated.open(before, 'users:1:mfa'), 'secret');
    assert.equal(rotated.stale(before), true);
    const after = rotated.seal('secret', 'users:1:mfa');
    assert.equal(rotated.stale(after), false);
    assert.throws(() => createSealer(newKey).open(before, 'users:1:mfa'), /not configured/);
    assert.deepEqual(previousKeys({ CLIENT_DATA_PREVIOUS_KEYS: ` ${'a'.repeat(64)} , ${'c'.repeat(64)}` }), [oldKey, newKey]);
  });

  it('still opens the first format (no key id, no binding) with any configured key', () => {
    const key = parseKey('a'.repeat(64));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update('987-65-4321', 'utf8'), cipher.final()]);
    const v1 = `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    assert.equal(createSealer(parseKey('c'.repeat(64)), [key]).open(v1), '987-65-4321');
    assert.equal(createSealer(key).stale(v1), true);
  });

  it('takes CLIENT_DATA_KEY from the environment, as base64 or hex, and refuses a short one', () => {
    const dir = tempDir('agency-key-');
    const b64 = Buffer.alloc(32, 7).toString('base64');
    assert.deepEqual(loadClientDataKey(dir, { CLIENT_DATA_KEY: b64 }), Buffer.alloc(32, 7));
    assert.throws(() => loadClientDataKey(dir, { CLIENT_DATA_KEY: 'short' }), /32 bytes/);
  });

  it('otherwise generates a key once and keeps it in the data folder, readable by the owner only', () => {
    const dir = tempDir('agency-key-');
    const first = loadClientDataKey(dir, {});
    const again = loadClientDataKey(dir, {});
    assert.deepEqual(first, again);
    assert.equal(first.length, 32);
    assert.equal(readFileSync(join(dir, KEY_FILE), 'utf8'), first.toString('base64'));
    assert.equal(statSync(join(dir, KEY_FILE)).mode & 0o777, 0o600);
  });
});
