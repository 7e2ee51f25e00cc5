import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import type { PgliteDb } from '../db/index';
import { writeBackup, type BackupManifest } from './archive';

/*
 * A running server on the embedded database is the only process that may read it, so it makes the
 * backup itself when `npm run backup` asks. It listens on a Unix socket in its data folder, open to
 * the user the server runs as only (mode 0600; the folder holds the database anyway): no port, no
 * password, nothing reachable from the network. The socket also tells a restore that a server runs.
 */

export const CONTROL_SOCKET = 'control.sock';
export const controlSocketOf = (dataDir: string) => join(dataDir, CONTROL_SOCKET);

interface Request {
  backup: string;
}
type Answer = { ok: true; manifest: BackupManifest } | { ok: false; message: string };

/** Asks the server on `socket` something and answers its reply, or null when no server listens. */
function ask(socket: string, request: Request | null): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    if (!existsSync(socket)) return resolve(null);
    const conn = createConnection(socket);
    let text = '';
    conn.on('connect', () => {
      if (!request) {
        conn.end();
        return resolve({ ok: false, message: 'connected' });
      }
      conn.end(JSON.stringify(request) + '\n');
    });
    conn.on('data', (chunk: Buffer) => (text += chunk.toString()));
    conn.on('end', () => {
      if (!request) return;
      try {
        resolve(JSON.parse(text) as Answer);
      } catch {
        reject(new Error(`The server answered what is not a reply: ${text.slice(0, 200)}`));
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      // a socket left by a server that ended without closing it
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
  });
}

/** Whether a server runs on this data folder (it answers on the control socket). */
export async function serverRunning(dataDir: string): Promise<boolean> {
  return (await ask(controlSocketOf(dataDir), null)) !== null;
}

/** Asks the server running on the data folder for a backup into `out`; null when none runs. */
export async function backupThroughServer(dataDir: string, out: string): Promise<BackupManifest | null> {
  const answer = await ask(controlSocketOf(dataDir), { backup: out });
  if (!answer) return null;
  if (!answer.ok) throw new Error(answer.message);
  return answer.manifest;
}

/** Listens for backup requests on the data folder's control socket; resolves with the function that stops. */
export async function listenForControl(db: PgliteDb, config: ServerConfig): Promise<() => Promise<void>> {
  const socket = controlSocketOf(config.dataDir);
  if (await serverRunning(config.dataDir)) throw new Error(`Another server runs on ${config.dataDir} (it answers on ${socket}).`);
  rmSync(socket, { force: true });
  let running: Promise<unknown> = Promise.resolve();
  // half open: the request ends with the asker's end, and the answer still goes back
  const server: Server = createServer({ allowHalfOpen: true }, (conn) => {
    let text = '';
    conn.on('data', (chunk: Buffer) => (text += chunk.toString()));
    conn.on('error', () => undefined);
    conn.on('end', () => {
      const reply = (answer: Answer) => conn.end(JSON.stringify(answer));
      let request: Request;
      try {
        request = JSON.parse(text) as Request;
      } catch {
        return reply({ ok: false, message: 'The request is not JSON.' });
      }
      if (typeof request.backup !== 'string' || !request.backup) return reply({ ok: false, message: 'Say where to write the backup.' });
      // one backup at a time
      const work = running.then(() => writeBackup(db, config, request.backup));
      running = work.catch(() => undefined);
      work.then(
        (manifest) => reply({ ok: true, manifest }),
        (err: Error) => reply({ ok: false, message: `The backup failed: ${err.message}` }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  return async () => {
    await running;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(socket, { force: true });
  };
}
