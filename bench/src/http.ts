// A bounded load on loopback: a fixed number of requests over a fixed number of keep-alive connections.
import { Agent, request } from 'node:http';
import { percentile } from './stats';

export interface LoadResult {
  name: string;
  requests: number;
  connections: number;
  elapsedMs: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

export interface LoadOptions {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  /** Headers and body of the i-th request. */
  build: (i: number) => { headers: Record<string, string>; body?: string };
  requests: number;
  connections: number;
}

function send(agent: Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(-1));
      },
    );
    req.on('error', () => resolve(-1));
    req.end(body);
  });
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const url = new URL(o.url);
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < o.requests) {
      const i = next++;
      const { headers, body } = o.build(i);
      const t0 = process.hrtime.bigint();
      const status = await send(agent, url, o.method, headers, body);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const key = status === -1 ? 'error' : String(status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: o.connections }, worker));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name: o.name,
    requests: o.requests,
    connections: o.connections,
    elapsedMs,
    perSecond: (o.requests / elapsedMs) * 1000,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    statuses,
  };
}
