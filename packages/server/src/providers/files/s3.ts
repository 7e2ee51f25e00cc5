import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FileStorage } from './index';
import { assertKey } from './index';

export interface S3Config {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** An S3-compatible endpoint (path-style addressing); AWS's virtual-hosted address when absent. */
  endpoint?: string;
}

/** S3 settings from S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID / AWS_ACCESS_KEY_ID, ...; null when S3_BUCKET is unset. */
export function s3ConfigFrom(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET;
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET is set but the S3 access key id and secret access key are missing');
  return {
    bucket,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    sessionToken: env.S3_SESSION_TOKEN ?? env.AWS_SESSION_TOKEN,
    endpoint: env.S3_ENDPOINT,
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** S3's URI encoding: everything but unreserved characters, keeping '/'. */
const encodePath = (path: string) =>
  path
    .split('/')
    .map((p) => encodeURIComponent(p).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/**
 * Signs a request with AWS Signature Version 4 (single chunk). Returns the headers to send,
 * including Authorization. Every header passed in is signed.
 */
export function signV4(o: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  now?: Date;
}): Record<string, string> {
  const amzDate = (o.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const service = o.service ?? 's3';
  const headers: Record<string, string> = { ...o.headers, host: o.url.host, 'x-amz-content-sha256': o.payloadHash, 'x-amz-date': amzDate };
  if (o.sessionToken) headers['x-amz-security-token'] = o.sessionToken;
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const query = [...o.url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonical = [
    o.method,
    encodePath(decodeURIComponent(o.url.pathname)),
    query,
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    names.join(';'),
    o.payloadHash,
  ].join('\n');
  const scope = `${day}/${o.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, day), o.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${o.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

/** Files in an S3 bucket (or an S3-compatible store), through its REST API. */
export function createS3Files(c: S3Config, fetchImpl: typeof fetch = fetch): FileStorage {
  const urlOf = (key: string) =>
    new URL(
      c.endpoint
        ? `${c.endpoint.replace(/\/$/, '')}/${c.bucket}/${encodePath(assertKey(key))}`
        : `https://${c.bucket}.s3.${c.region}.amazonaws.com/${encodePath(assertKey(key))}`,
    );
  const send = (method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const url = urlOf(key);
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash: sha256(body ?? ''),
      region: c.region,
      accessKeyId: c.accessKeyId,
      secretAccessKey: c.secretAccessKey,
      sessionToken: c.sessionToken,
    });
    delete signed.host;
    // a Buffer is a Uint8Array over an ArrayBuffer (never a shared one), as the DOM's fetch types want
    return fetchImpl(url, { method, headers: signed, body: body as Uint8Array<ArrayBuffer> | undefined });
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const res = await send('PUT', key, data, { 'content-type': contentType });
      if (!res.ok) throw new Error(`S3 PUT failed: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 GET failed: ${res.status}`);
      return Readable.fromWeb(res.body as unknown as WebReadableStream);
    },
    async remove(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed: ${res.status}`);
    },
  };
}
