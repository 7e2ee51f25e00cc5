// `remotes publish <name> --to <server> --key <deploy key>`: a team's CI ships a build over HTTPS,
// with no database or host access. Only the files the server lacks are sent (by SHA-256); the
// server runs the preflight and records the release as the command line does on its host.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { SHELL_RELEASE, type PublishAnswer, type PublishFile } from '@agency/contracts';

export interface PublishOptions {
  name: string;
  /** The server's origin, e.g. https://desk.example. */
  to: string;
  key: string;
  /** The build folder (default: the name's dist in this repository). */
  from: string;
  /** Leave the release inactive (staged). */
  stage: boolean;
  /** The release expected active now ('none' for none); default: what the server says is active as the publish starts. */
  expect?: string;
  force: boolean;
  note?: string;
  commit?: string;
  log?: (line: string) => void;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}

/** The version a build carries: a remote's manifest's, the shell's package.json beside its folder. */
function versionOf(name: string, dist: string): string {
  if (name !== SHELL_RELEASE) {
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as { metaData?: { buildInfo?: { buildVersion?: string } } };
    const v = manifest.metaData?.buildInfo?.buildVersion;
    if (v) return v;
  }
  const pkg = join(dirname(dist), 'package.json');
  return existsSync(pkg) ? ((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? '0.0.0') : '0.0.0';
}

async function call<T>(opts: PublishOptions, method: string, path: string, body?: unknown, raw?: Buffer): Promise<T> {
  const res = await fetch(new URL(`/api${path}`, opts.to), {
    method,
    headers: { authorization: `Bearer ${opts.key}`, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  if (!res.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`${res.status}: ${message}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export async function publish(opts: PublishOptions): Promise<PublishAnswer> {
  const log = opts.log ?? console.log;
  const marker = opts.name === SHELL_RELEASE ? 'index.html' : 'mf-manifest.json';
  if (!existsSync(join(opts.from, marker))) throw new Error(`${opts.from} has no ${marker}: build ${opts.name} first.`);
  // source maps stay with the team: a release's files are served to anyone
  const paths = filesOf(opts.from).filter((p) => !p.endsWith('.map'));
  const bytes = new Map<string, Buffer>();
  const files: PublishFile[] = paths.map((p) => {
    const b = readFileSync(p);
    const sha256 = createHash('sha256').update(b).digest('hex');
    bytes.set(sha256, b);
    return { path: relative(opts.from, p).split(sep).join('/'), sha256, size: b.length };
  });
  const { missing } = await call<{ missing: string[] }>(opts, 'POST', `/releases/${opts.name}/publish/missing`, { files });
  log(`${opts.name}: ${files.length} files, ${missing.length} to upload`);
  for (const hash of missing) await call(opts, 'PUT', `/releases/${opts.name}/publish/files/${hash}`, undefined, bytes.get(hash));
  const active = opts.stage
    ? undefined
    : opts.expect !== undefined
      ? opts.expect === 'none'
        ? null
        : opts.expect
      : ((await (await fetch(new URL('/active-releases.json', opts.to))).json()) as { shell: string | null; remotes: Record<string, string | null> });
  const expectedActive =
    active === undefined || active === null || typeof active === 'string'
      ? active
      : opts.name === SHELL_RELEASE
        ? active.shell
        : (active.remotes[opts.name] ?? null);
  const changelog = join(dirname(opts.from), 'CHANGELOG.md');
  const commit = opts.commit ?? spawnSync('git', ['-C', opts.from, 'rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).stdout?.trim();
  return call<PublishAnswer>(opts, 'POST', `/releases/${opts.name}/publish`, {
    files,
    version: versionOf(opts.name, opts.from),
    changelog: existsSync(changelog) ? readFileSync(changelog, 'utf8') : undefined,
    commit: commit || undefined,
    note: opts.note,
    activate: !opts.stage,
    expectedActive,
    force: opts.force,
  });
}
