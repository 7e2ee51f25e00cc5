import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Sensitive client data (SSNs, bank account, card and routing numbers) is sealed with
 * AES-256-GCM before it reaches the database. The key comes from CLIENT_DATA_KEY (32 bytes as
 * base64 or 64 hex characters); without it, outside production, the embedded default keeps a
 * generated key in DATA_DIR/client-data.key (mode 0600). Production never generates one.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';
export const KEY_FILE = 'client-data.key';

export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('CLIENT_DATA_KEY must be 32 bytes, as base64 or 64 hex characters');
  return key;
}

export function loadClientDataKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.CLIENT_DATA_KEY) return parseKey(env.CLIENT_DATA_KEY);
  if (env.NODE_ENV === 'production') throw new Error('CLIENT_DATA_KEY is required in production');
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8'));
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

export function createSealer(key: Buffer): Sealer {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('Unknown sealed value format');
      const raw = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const sealers = new Map<string, Sealer>();
/** One sealer per data folder (the key is read once). */
export function sealerFor(dataDir: string): Sealer {
  let s = sealers.get(dataDir);
  if (!s) {
    s = createSealer(loadClientDataKey(dataDir));
    sealers.set(dataDir, s);
  }
  return s;
}
