import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseChange, ReleaseChangeAction, ReleaseChangeVia } from '@agency/contracts';
import type { Db, Queryable } from '../../db/index';
import { appendChained, verifyChain, type ChainSpec } from '../audit/chain';
import { auditChainKeys, wellFormed, type ChainKeys } from '../audit/key';
import { CHANGE_NOTES_DIR } from '../../static/release';

/*
 * The global log of release changes (migration 111): one keyed chain, append-only, read by super
 * users. The Releases page writes to it as it activates; the command line too when it has the
 * database open (RELEASES_STORE=database or storage). With RELEASES_STORE=disk the command line
 * runs beside a server that holds the embedded database, so it notes the change in the registry
 * folder (`changes/`), and the server takes the notes into the log at its start and before it
 * answers the releases or their history, each once (by its id).
 */

export const RELEASE_CHAIN: ChainSpec = {
  table: 'release_changes',
  scope: null,
  columns: ['by', 'via', 'action', 'name', 'release', 'reason', 'forced', 'ref', 'noted_at'],
};

export interface ReleaseChangeInput {
  by: string;
  via: ReleaseChangeVia;
  action: ReleaseChangeAction;
  name: string;
  release: string;
  reason?: string | null;
  forced?: string | null;
}

/** Adds a change to the log (in the caller's transaction, or in one of its own given the database). */
export async function recordReleaseChange(
  q: Queryable | Db,
  change: ReleaseChangeInput & { ref?: string; notedAt?: string },
  keys: ChainKeys = auditChainKeys(),
): Promise<void> {
  if ('tx' in q) return q.tx((t) => recordReleaseChange(t, change, keys));
  const values = {
    by: wellFormed(change.by),
    via: change.via,
    action: change.action,
    name: change.name,
    release: change.release,
    reason: wellFormed(change.reason ?? null),
    forced: wellFormed(change.forced ?? null),
    ref: change.ref ?? null,
    noted_at: change.notedAt ?? null,
  };
  await appendChained(q, RELEASE_CHAIN, null, values, keys);
}

/** The command line beside a server holding the embedded database: the change, noted in the registry folder. */
export function noteReleaseChange(releasesDir: string, change: ReleaseChangeInput): void {
  const dir = join(releasesDir, CHANGE_NOTES_DIR);
  mkdirSync(dir, { recursive: true });
  const notedAt = new Date().toISOString();
  const id = `${notedAt.replace(/[:.]/g, '-')}-${randomUUID()}`;
  // whole or absent, for a server reading the folder
  writeFileSync(join(dir, `${id}.tmp`), JSON.stringify({ ...change, ref: id, notedAt }));
  renameSync(join(dir, `${id}.tmp`), join(dir, `${id}.json`));
}

/** Takes the changes the command line noted into the log, oldest first; each note goes once written. */
export async function takeNotedReleaseChanges(db: Db, releasesDir: string): Promise<number> {
  const dir = join(releasesDir, CHANGE_NOTES_DIR);
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files) {
    const note = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReleaseChangeInput & { ref: string; notedAt: string };
    await db.tx(async (q) => {
      const [seen] = await q.query('select 1 from release_changes where ref = $1', [note.ref]);
      if (!seen) await recordReleaseChange(q, note);
    });
    rmSync(join(dir, file), { force: true });
  }
  return files.length;
}

/** A page of the log, newest first; a change noted by the command line is dated when it was noted. */
export async function readReleaseHistory(
  q: Queryable,
  titles: Record<string, string>,
  page: number,
  pageSize: number,
): Promise<{ items: ReleaseChange[]; total: number }> {
  const [{ total }] = await q.query<{ total: number }>('select count(*)::int as total from release_changes');
  const rows = await q.query<{
    id: string;
    at: string;
    by: string;
    via: ReleaseChangeVia;
    action: ReleaseChangeAction;
    name: string;
    release: string;
    reason: string | null;
    forced: string | null;
  }>(
    `select id::text, coalesce(noted_at::timestamptz, at) as at, by, via, action, name, release, reason, forced
       from release_changes order by seq desc limit $1 offset $2`,
    [pageSize, (page - 1) * pageSize],
  );
  return {
    total,
    items: rows.map((r) => ({
      ...r,
      at: new Date(r.at).toISOString(),
      title: r.action === 'keyCreated' || r.action === 'keyRevoked' ? 'Deploy key' : (titles[r.name] ?? r.name),
    })),
  };
}

/** Walks the log's chain. */
export const verifyReleaseChain = (q: Queryable, keys: ChainKeys) => verifyChain(q, RELEASE_CHAIN, keys);
