import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { Queryable } from '../../db/index';
import type { FileStorage } from '../../providers/files/index';

/*
 * An agency's own data, to take with it: one tar.gz of JSON Lines (one file per table, one row a
 * line, every row of the agency and nothing of another) and the files those rows name (chat
 * uploads, texts' pictures, call-flow greetings, call recordings). Sealed fields (SSNs, licence and
 * card numbers, TOTP secrets) are withheld: a sealed value is useless without the server's key,
 * and the archive leaves the server's protection. People come without passwords or MFA secrets.
 */

/** The tables exported, by the part of the product they belong to; each has an account_id. */
export const EXPORTED_TABLES = {
  contacts: ['clients', 'client_records', 'client_tags', 'tags', 'client_activity', 'client_terms', 'followups', 'renewals', 'walkins', 'service_reviews'],
  texts: ['sms_rooms', 'sms_messages', 'sms_media', 'sms_opt_outs', 'campaigns', 'message_templates'],
  calls: ['calls', 'call_participants', 'call_flow_recordings', 'account_phones'],
  tasks: ['task_boards', 'task_board_lanes', 'task_cards', 'task_board_clients', 'task_board_users', 'task_board_tags', 'task_active_cards'],
  chat: ['chat_rooms', 'chat_members', 'chat_messages', 'chat_uploads'],
} as const;

/** The people of the agency, without what signs them in. */
const USERS =
  'select id, email, first_name, last_name, role, extension, phone, created_at, deleted_at from users where account_id = $1 order by created_at, id';

const SEALED = /^v2:[0-9a-f]{8}:[A-Za-z0-9+/=]+$|^v1:[A-Za-z0-9+/=]+$/;

/** A row with every sealed value (at any depth of its JSON) replaced by null. */
export function withoutSealed(value: unknown): unknown {
  if (typeof value === 'string') return SEALED.test(value) ? null : value;
  if (Array.isArray(value)) return value.map(withoutSealed);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutSealed(v)]));
  }
  return value;
}

export interface ExportManifest {
  agency: { id: string; name: string };
  exportedAt: string;
  tables: Record<string, number>;
  files: Array<{ path: string; size: number }>;
  withheld: string;
}

export interface ExportSources {
  storage: FileStorage;
  /** A call's recording from the carrier, or null. */
  recordingAudio(recordingSid: string): Promise<Buffer | null>;
}

async function writeStored(storage: FileStorage, key: string, to: string): Promise<boolean> {
  const stream = await storage.get(key).catch(() => null);
  if (!stream) return false;
  mkdirSync(dirname(to), { recursive: true });
  await pipeline(stream, createWriteStream(to));
  return true;
}

/**
 * Writes the agency's archive to a temporary file and answers its path (the caller sends it,
 * then calls `done` to remove it). Each table is read in one query of its own (the database is
 * held a moment per table, never for the whole export).
 */
export async function writeAgencyExport(
  q: Queryable,
  accountId: string,
  sources: ExportSources,
): Promise<{ file: string; size: number; manifest: ExportManifest; done: () => void }> {
  const staging = mkdtempSync(join(tmpdir(), 'agency-export-'));
  try {
    const root = join(staging, 'export');
    mkdirSync(join(root, 'data'), { recursive: true });
    const [account] = await q.query<{ name: string }>('select name from accounts where id = $1', [accountId]);
    const tables: Record<string, number> = {};
    const files: ExportManifest['files'] = [];
    const writeTable = (name: string, rows: unknown[]) => {
      writeFileSync(join(root, 'data', `${name}.jsonl`), rows.map((r) => JSON.stringify(withoutSealed(r)) + '\n').join(''));
      tables[name] = rows.length;
    };
    writeTable('users', await q.query(USERS, [accountId]));
    for (const table of Object.values(EXPORTED_TABLES).flat()) {
      writeTable(table, await q.query(`select * from ${table} where account_id = $1`, [accountId]));
    }
    const addFile = (path: string) => files.push({ path, size: statSync(join(root, ...path.split('/'))).size });
    for (const table of ['chat_uploads', 'sms_media', 'call_flow_recordings']) {
      const rows = await q.query<{ id: string; storage_key: string | null }>(
        `select id, storage_key from ${table} where account_id = $1 and storage_key is not null`,
        [accountId],
      );
      for (const { storage_key } of rows) {
        const path = `files/${storage_key}`;
        if (await writeStored(sources.storage, storage_key!, join(root, ...path.split('/')))) addFile(path);
      }
    }
    const calls = await q.query<{ id: string; recording_sid: string }>(
      `select id, recording_sid from calls where account_id = $1 and recording_sid is not null and recording_status = 'completed'`,
      [accountId],
    );
    for (const call of calls) {
      const audio = await sources.recordingAudio(call.recording_sid).catch(() => null);
      if (!audio) continue;
      const path = `recordings/${call.id}.wav`;
      mkdirSync(join(root, 'recordings'), { recursive: true });
      writeFileSync(join(root, path), audio);
      addFile(path);
    }
    const manifest: ExportManifest = {
      agency: { id: accountId, name: account?.name ?? '' },
      exportedAt: new Date().toISOString(),
      tables,
      files,
      withheld: 'Sealed fields (SSNs, identity, bank and card numbers) are withheld; people come without passwords or MFA secrets.',
    };
    writeFileSync(join(root, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const file = join(staging, 'export.tar.gz');
    await tar.create({ gzip: true, file, cwd: root, portable: true }, readdirSync(root));
    return { file, size: statSync(file).size, manifest, done: () => rmSync(staging, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}
