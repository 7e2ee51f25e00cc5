import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Sensitive data (SSNs, driver's licence, member, MBI, Medicaid and immigration card numbers, bank,
 * card and routing numbers, TOTP secrets, mailed codes) is sealed with AES-256-GCM before it
 * reaches the database. The key comes from CLIENT_DATA_KEY (32 bytes as base64 or 64 hex
 * characters); without it, outside production, the embedded default keeps a generated key in
 * DATA_DIR/client-data.key (mode 0600). Production never generates one.
 *
 * A sealed value names its key (v2:<key id>:...), so keys rotate: the new key goes in
 * CLIENT_DATA_KEY, the old ones in CLIENT_DATA_PREVIOUS_KEYS (comma separated) until
 * `npm run keys -- rotate` has sealed everything again with the new one. A value sealed with a
 * binding (its row and field) opens only with that binding: copied to another row or field, it is
 * refused.
 */
export interface Sealer {
  seal(plain: string, binding?: string): string;
  open(sealed: string, binding?: string): string;
  /** Whether a value was sealed with another key than the current one (or the older format). */
  stale(sealed: string): boolean;
}

const VERSION = 'v2';
export const KEY_FILE = 'client-data.key';

export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('CLIENT_DATA_KEY must be 32 bytes, as base64 or 64 hex characters');
  return key;
}

/** A key's public name: the first 8 hex digits of its SHA-256. */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function loadClientDataKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.CLIENT_DATA_KEY) return parseKey(env.CLIENT_DATA_KEY);
  if (env.NODE_ENV === 'production') throw new Error('CLIENT_DATA_KEY is required in production');
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8'));
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** Keys that may still open older values (CLIENT_DATA_PREVIOUS_KEYS). */
export const previousKeys = (env: NodeJS.ProcessEnv = process.env): Buffer[] =>
  (env.CLIENT_DATA_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map(parseKey);

/**
 * A stored value that does not open where it is: sealed for another row and copied here, altered,
 * or not a sealed value at all. The API answers it as a refusal (409), not a fault of its own.
 * (A key that is not configured stays an error of the server.)
 */
export class SealedValueError extends Error {
  constructor() {
    super('This value was not sealed for this record, so it cannot be opened here.');
    this.name = 'SealedValueError';
  }
}

/** Seals with `key`; opens values of `key` or of any of `previous`. */
export function createSealer(key: Buffer, previous: Buffer[] = []): Sealer {
  const currentId = keyId(key);
  const ring = new Map([[currentId, key], ...previous.map((k) => [keyId(k), k] as const)]);
  const decrypt = (k: Buffer, raw: Buffer, binding: string | undefined) => {
    const decipher = createDecipheriv('aes-256-gcm', k, raw.subarray(0, 12));
    if (binding !== undefined) decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  };
  return {
    seal(plain, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (binding !== undefined) cipher.setAAD(Buffer.from(binding, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${currentId}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, binding) {
      const parts = sealed.split(':');
      if (parts[0] === 'v1' && parts.length === 2) {
        // The first format: no key id and no binding; any key of the ring may have sealed it.
        const raw = Buffer.from(parts[1]!, 'base64');
        for (const k of ring.values()) {
          try {
            return decrypt(k, raw, undefined);
          } catch {
            // the next key
          }
        }
        throw new SealedValueError();
      }
      if (parts[0] !== VERSION || parts.length !== 3) throw new SealedValueError();
      const k = ring.get(parts[1]!);
      if (!k) throw new Error(`Key ${parts[1]} is not configured`);
      try {
        return decrypt(k, Buffer.from(parts[2]!, 'base64'), binding);
      } catch {
        // The key is right, so the value was sealed for another row (copied there) or altered.
        throw new SealedValueError();
      }
    },
    stale: (sealed) => !sealed.startsWith(`${VERSION}:${currentId}:`),
  };
}

const sealers = new Map<string, Sealer>();
/** One sealer per data folder (the key is read once). */
export function sealerFor(dataDir: string): Sealer {
  let s = sealers.get(dataDir);
  if (!s) {
    s = createSealer(loadClientDataKey(dataDir), previousKeys());
    sealers.set(dataDir, s);
  }
  return s;
}

/** The sealer for the app's data folder (key from CLIENT_DATA_KEY or DATA_DIR/client-data.key). */
export const sealerOf = (deps: { config: { dataDir: string } }): Sealer => sealerFor(deps.config.dataDir);
