import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createS3Files, s3ConfigFrom, signV4 } from './s3';

describe('S3 file storage', () => {
  it('signs requests like the AWS Signature Version 4 example (GET Object)', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    assert.equal(
      headers.authorization,
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('is chosen only when S3_BUCKET is set, and needs credentials then', () => {
    assert.equal(s3ConfigFrom({}), null);
    assert.throws(() => s3ConfigFrom({ S3_BUCKET: 'b' }), /access key/);
    assert.equal(s3ConfigFrom({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'eu-west-1' })?.region, 'eu-west-1');
  });

  it('puts, gets and removes objects through signed requests', async () => {
    const calls: Array<{ method: string; url: string; auth: string | null; body: string }> = [];
    const store = new Map<string, string>();
    const fake = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      const body = init?.body ? Buffer.from(init.body as Buffer).toString() : '';
      calls.push({ method: init?.method ?? 'GET', url, auth: headers.get('authorization'), body });
      if (init?.method === 'PUT') store.set(url, body);
      if (init?.method === 'DELETE') store.delete(url);
      if (init?.method === 'GET') return store.has(url) ? new Response(store.get(url)) : new Response('no', { status: 404 });
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const s3 = createS3Files({ bucket: 'files', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', endpoint: 'http://127.0.0.1:9000' }, fake);
    await s3.put('chat/a/b/c.txt', Buffer.from('hello'), 'text/plain');
    const stream = await s3.get('chat/a/b/c.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk));
    assert.equal(Buffer.concat(chunks).toString(), 'hello');
    await s3.remove('chat/a/b/c.txt');
    assert.equal(await s3.get('chat/a/b/c.txt'), null);
    assert.equal(calls[0].url, 'http://127.0.0.1:9000/files/chat/a/b/c.txt');
    assert.ok(calls.every((c) => c.auth?.startsWith('AWS4-HMAC-SHA256 Credential=k/')));
  });
});
