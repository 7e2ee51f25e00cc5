import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { SignalPeer, Switch } from './switch';
import { verifyVoiceToken } from './token';

/*
 * The signalling server the real @twilio/voice-sdk talks to when its `chunderw` option points
 * here: wss://{host}:{port}/signal, JSON messages {type, version, payload} (PStream 1.6). The SDK
 * only connects over TLS, so the server makes itself a certificate once (kept in the data folder);
 * a browser that has not trusted it yet opens TRUST_PATH once and accepts it.
 */
export const SIGNAL_PATH = '/signal';
export const TRUST_PATH = '/trust';
const PSTREAM_VERSION = '1.6';
/** PStream's heartbeat, sent both ways (a bare newline), and how often we send it. */
export const HEARTBEAT = '\n';
const HEARTBEAT_MS = 5_000;

async function certificate(dir: string): Promise<{ key: string; cert: string }> {
  const file = join(dir, 'phone-signaling-cert.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { key: string; cert: string };
  const notAfterDate = new Date();
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 5);
  const pems = await generate([{ name: 'commonName', value: 'Agency Desk local phone line' }], {
    keySize: 2048,
    notAfterDate,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const pair = { key: pems.private, cert: pems.cert };
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

const TRUST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agency Desk phone line</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:64px auto;line-height:1.5">
<h1 style="font-size:22px">This browser trusts the local phone line</h1>
<p>The phone in Agency Desk can now connect. Close this tab and press Retry in the phone drawer of Agency Desk.</p>
</body></html>`;

export interface SignalingServer {
  port: number;
  close(): Promise<void>;
  /** Drops the phones connected with tokens of these sessions. */
  endSessions(sessionIds: string[]): void;
  /** Asks whether each connected phone's session still lives, and drops those whose session ended. */
  sweep(): Promise<void>;
}

/** Whether the session a token was issued to is still live. */
export type SessionCheck = (sessionId: string) => Promise<boolean>;

/** How often the connected phones' sessions are asked about (a session can end idle, with no event). */
const SWEEP_MS = 60_000;
const SESSION_ENDED = { code: 20101, message: 'Invalid Access Token: its session has ended' };

export async function startSignaling(
  sw: Switch,
  key: string,
  options: { port: number; host: string; certDir: string; heartbeatMs?: number },
  sessionAlive?: SessionCheck,
): Promise<SignalingServer> {
  // Each connected phone's socket and the session its token was issued to.
  const connected = new Map<SignalPeer, { socket: WebSocket; sessionId: string | null }>();
  const end = (peer: SignalPeer) => {
    const entry = connected.get(peer);
    if (!entry) return;
    connected.delete(peer);
    peer.send('error', { error: SESSION_ENDED });
    entry.socket.close(4001, 'session ended');
  };
  const tls = await certificate(options.certDir);
  const server: Server = createServer(tls, (req, res) => {
    if (req.url === TRUST_PATH) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(TRUST_PAGE);
      return;
    }
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: SIGNAL_PATH });
  wss.on('connection', (socket: WebSocket) => {
    // Twilio's heartbeat: a Device that hears nothing for 15 s takes its connection for dead and
    // reconnects (its calls with it), so a quiet line still hears from us; it answers in kind.
    const beat = setInterval(() => socket.readyState === socket.OPEN && socket.send(HEARTBEAT), options.heartbeatMs ?? HEARTBEAT_MS);
    beat.unref();
    const peer: SignalPeer = {
      identity: null,
      registered: false,
      send: (type, payload) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, version: PSTREAM_VERSION, payload }));
      },
    };
    // One message at a time, in order: a listen that asks after its session finishes before the next message.
    let queue = Promise.resolve();
    socket.on('message', (data) => {
      queue = queue.then(() => handle(data)).catch(() => socket.terminate());
    });
    const handle = async (data: RawData) => {
      let message: { type?: unknown; payload?: unknown };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      const type = String(message.type ?? '');
      const payload = (message.payload ?? {}) as Record<string, unknown>;
      if (type === 'listen') {
        const valid = verifyVoiceToken(key, payload.token);
        if (!valid || (peer.identity && peer.identity !== valid.identity)) {
          peer.send('error', { error: { code: 20101, message: 'Invalid Access Token' } });
          return;
        }
        // A token of a session that has ended connects nothing (and drops a phone it would refresh).
        if (valid.sessionId && sessionAlive && !(await sessionAlive(valid.sessionId))) {
          peer.send('error', { error: SESSION_ENDED });
          connected.delete(peer);
          socket.close(4001, 'session ended');
          return;
        }
        connected.set(peer, { socket, sessionId: valid.sessionId });
        peer.identity = valid.identity;
        sw.peers.add(peer);
        peer.send('connected', { token: { identity: valid.identity, ttl: valid.ttl }, region: 'local', edge: 'local', home: 'local' });
        return;
      }
      if (!peer.identity) {
        peer.send('error', { error: { code: 20101, message: 'Invalid Access Token' } });
        return;
      }
      if (type === 'register') {
        const media = (payload.media ?? {}) as { audio?: unknown };
        peer.registered = media.audio !== false;
        peer.send(peer.registered ? 'ready' : 'offline', {});
        return;
      }
      sw.handle(peer, type, payload);
    };
    socket.on('close', () => {
      clearInterval(beat);
      connected.delete(peer);
      sw.drop(peer);
    });
    socket.on('error', () => socket.terminate());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const sweep = async () => {
    if (!sessionAlive) return;
    for (const [peer, { sessionId }] of [...connected]) if (sessionId && !(await sessionAlive(sessionId))) end(peer);
  };
  const sweeper = setInterval(() => void sweep().catch(() => undefined), SWEEP_MS);
  sweeper.unref();
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    endSessions: (sessionIds) => {
      const ended = new Set(sessionIds);
      for (const [peer, { sessionId }] of [...connected]) if (sessionId && ended.has(sessionId)) end(peer);
    },
    sweep,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
