import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyId } from '../../sealing/crypto';

/*
 * The key of the audit chains (the agencies' audit trails and the global log of release changes).
 * Each row's hash is an HMAC-SHA256 under a key the database does not hold, so whoever owns the
 * schema can change rows but cannot work out the hashes that would make the chain hold again. The
 * key comes from AUDIT_CHAIN_KEY (32 bytes as base64 or 64 hex characters); outside production,
 * without it, a generated key is kept in DATA_DIR/audit-chain.key (mode 0600). Production never
 * generates one. Each row names its key: a new key goes in AUDIT_CHAIN_KEY and the old ones stay in
 * AUDIT_CHAIN_PREVIOUS_KEYS (comma separated) for as long as rows keyed with them are verified.
 */
export const AUDIT_KEY_FILE = 'audit-chain.key';

export interface ChainKeys {
  /** The id of the key new rows are keyed with. */
  id: string;
  /** Every key rows may name, by id (the current one and AUDIT_CHAIN_PREVIOUS_KEYS). */
  ring: Map<string, Buffer>;
}

function parseChainKey(text: string, name: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as base64 or 64 hex characters`);
  return key;
}

export function loadAuditChainKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): ChainKeys {
  let key: Buffer;
  if (env.AUDIT_CHAIN_KEY) key = parseChainKey(env.AUDIT_CHAIN_KEY, 'AUDIT_CHAIN_KEY');
  else if (env.NODE_ENV === 'production') throw new Error('AUDIT_CHAIN_KEY is required in production');
  else {
    const file = join(dataDir, AUDIT_KEY_FILE);
    if (existsSync(file)) key = parseChainKey(readFileSync(file, 'utf8'), AUDIT_KEY_FILE);
    else {
      key = randomBytes(32);
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    }
  }
  const previous = (env.AUDIT_CHAIN_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parseChainKey(k, 'AUDIT_CHAIN_PREVIOUS_KEYS'));
  const id = keyId(key);
  return { id, ring: new Map([...previous.map((k) => [keyId(k), k] as const), [id, key]]) };
}

let current: ChainKeys | null = null;

/** Sets the keys every row written from now on is keyed with (at each start, from the data folder or the environment). */
export function setAuditChainKeys(keys: ChainKeys): ChainKeys {
  current = keys;
  return keys;
}

/** The keys in use; a start sets them before anything is recorded. */
export function auditChainKeys(): ChainKeys {
  if (!current) throw new Error('The audit chain key is not loaded');
  return current;
}

/** The HMAC of a row: the hash of the row before it, then the row's values as a JSON array. */
export const chainMac = (key: Buffer, prevHash: string | null, values: unknown[]) =>
  createHmac('sha256', key)
    .update(`${prevHash ?? ''}|${JSON.stringify(values)}`, 'utf8')
    .digest('hex');

/** Lone UTF-16 surrogates become U+FFFD, as the database stores them, so the hash covers what is stored. */
export const wellFormed = (s: string | null): string | null =>
  s === null ? null : s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
