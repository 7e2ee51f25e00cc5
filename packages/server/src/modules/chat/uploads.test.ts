import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_MESSAGES } from '@agency/contracts';
import { bearer, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { ask, connectClient, type ChatClient } from './testing';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5f1ba0000000049454e44ae426082',
  'hex',
);

function multipart(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----chat${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let s: TestServer;
let giphy: Server;
const giphyCalls: string[] = [];
const tokens: Record<string, string> = {};
let roomId: string;
let owner: ChatClient;

before(async () => {
  // A stand-in for Giphy's API on loopback, answering like the real one.
  giphy = createServer((req, res) => {
    giphyCalls.push(req.url!);
    const url = new URL(req.url!, 'http://x');
    const gif = (id: string, rating = 'g') => ({
      id,
      title: `GIF ${id}`,
      rating,
      images: {
        fixed_height: { url: `https://media.example/${id}.gif`, width: '200', height: '200' },
        fixed_height_small: { url: `https://media.example/${id}-s.gif`, width: '100', height: '100' },
      },
    });
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/v1/gifs/search') return res.end(JSON.stringify({ data: [gif('cat1'), gif('cat2', 'r')] }));
    if (url.pathname === '/v1/gifs/cat1') return res.end(JSON.stringify({ data: gif('cat1') }));
    res.statusCode = 404;
    res.end(JSON.stringify({ data: [], meta: { status: 404 } }));
  });
  await new Promise<void>((r) => giphy.listen(0, '127.0.0.1', r));
  process.env.GIPHY_API_KEY = 'test-key';
  process.env.GIPHY_BASE_URL = `http://127.0.0.1:${(giphy.address() as AddressInfo).port}`;
  s = await startTestServer({ listen: true });
  delete process.env.GIPHY_API_KEY;
  delete process.env.GIPHY_BASE_URL;
  for (const [name, email] of Object.entries({ owner: 'owner@demo.test', emma: 'employee@demo.test', admin: 'admin@demo.test' })) {
    tokens[name] = (await signIn(s.app, email)).token;
  }
  tokens.second = (await signIn(s.app, 'owner@second.test', SECOND)).token;
  owner = await connectClient(s.url!, 'demo', tokens.owner);
  const ethanId = (await signIn(s.app, 'employee2@demo.test')).user.id;
  roomId = (await ask(owner, 'chat_createRoom', { format: 'group', userIds: [ethanId], title: 'Files' })).id;
  await ask(owner, 'chat_addUsers', { roomId, userIds: ['00000000-0000-4000-9000-000000000003'] }); // Emma
});
after(async () => {
  owner.close();
  await s.close();
  giphy.close();
});

const upload = (token: string, name: string, data: Buffer, room = roomId) =>
  s.app.inject({ method: 'POST', url: `/api/utilities/upload/chat/${encodeURIComponent(room)}`, ...withAuth(multipart(name, data), token) });
const withAuth = (m: ReturnType<typeof multipart>, token: string) => ({ payload: m.payload, headers: { ...m.headers, ...bearer(token) } });

describe('chat uploads', () => {
  it('stores an image for a member and serves it to members only', async () => {
    const res = await upload(tokens.owner, 'logo.png', PNG);
    assert.equal(res.statusCode, 200, res.body);
    const file = res.json();
    assert.deepEqual([file.name, file.type, file.size], ['logo.png', 'image/png', PNG.length]);
    assert.equal(file.imageUrl, file.url);
    const got = await s.app.inject({ method: 'GET', url: file.url, headers: bearer(tokens.emma) });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.equal(got.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(got.rawPayload, PNG);
    assert.equal((await s.app.inject({ method: 'GET', url: file.url, headers: bearer(tokens.admin) })).statusCode, 403);
    assert.equal((await s.app.inject({ method: 'GET', url: file.url, headers: bearer(tokens.second) })).statusCode, 403);
    assert.equal((await s.app.inject({ method: 'GET', url: file.url })).statusCode, 401);

    // Sent with a message, it shows inline (media); deleting the message stops serving it.
    const m = await ask(owner, 'chat_message', { roomId, id: randomUUID(), message: '', fileIds: [file.id] });
    assert.deepEqual(
      m.media.map((f) => f.url),
      [file.url],
    );
    assert.deepEqual(m.files, []);
    await assert.rejects(ask(owner, 'chat_message', { roomId, id: randomUUID(), message: 'again', fileIds: [file.id] }), {
      message: CHAT_MESSAGES.unknownFile,
    });
    await ask(owner, 'chat_deleteMessage', { roomId, messageId: m.id });
    assert.equal((await s.app.inject({ method: 'GET', url: file.url, headers: bearer(tokens.emma) })).statusCode, 404);
  });

  it('offers other documents for download', async () => {
    const res = await upload(tokens.emma, 'quote.pdf', Buffer.from('%PDF-1.4\n%test\n'));
    assert.equal(res.statusCode, 200, res.body);
    const emma = await connectClient(s.url!, 'demo', tokens.emma);
    const m = await ask(emma, 'chat_message', { roomId, id: randomUUID(), message: 'the quote', fileIds: [res.json().id] });
    emma.close();
    assert.equal(m.files[0].name, 'quote.pdf');
    const got = await s.app.inject({ method: 'GET', url: m.files[0].url, headers: bearer(tokens.owner) });
    assert.match(String(got.headers['content-disposition']), /^attachment; filename\*=UTF-8''quote\.pdf$/);
  });

  it('refuses files over the size limit, of other types, or disguised', async () => {
    const big = await upload(tokens.owner, 'big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    assert.equal(big.statusCode, 413);
    assert.deepEqual(big.json(), { message: CHAT_MESSAGES.fileTooLarge });
    const exe = await upload(tokens.owner, 'setup.exe', Buffer.from('MZ\x90\x00'));
    assert.deepEqual([exe.statusCode, exe.json().message], [400, CHAT_MESSAGES.fileTypeNotAllowed]);
    const fake = await upload(tokens.owner, 'invoice.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
    assert.deepEqual([fake.statusCode, fake.json().message], [400, CHAT_MESSAGES.fileTypeNotAllowed]);
    const svg = await upload(tokens.owner, 'x.svg', Buffer.from('<svg onload="alert(1)"/>'));
    assert.equal(svg.statusCode, 400);
    const none = await s.app.inject({ method: 'POST', url: `/api/utilities/upload/chat/${roomId}`, headers: bearer(tokens.owner), payload: {} });
    assert.deepEqual([none.statusCode, none.json().message], [400, CHAT_MESSAGES.fileMissing]);
  });

  it('accepts uploads only from members of the room', async () => {
    assert.equal((await upload(tokens.admin, 'a.png', PNG)).statusCode, 403);
    const other = await upload(tokens.second, 'a.png', PNG);
    assert.deepEqual([other.statusCode, other.json().message], [403, CHAT_MESSAGES.notMember]);
    assert.equal((await upload(tokens.owner, 'a.png', PNG, 'not-a-room')).statusCode, 404);
  });
});

describe('GIFs', () => {
  it('searches G-rated GIFs and looks one up through the configured provider', async () => {
    assert.deepEqual((await s.app.inject({ method: 'GET', url: '/api/utilities/gifs/config', headers: bearer(tokens.owner) })).json(), { configured: true });
    const found = await s.app.inject({ method: 'GET', url: '/api/utilities/gifs?q=cat', headers: bearer(tokens.owner) });
    assert.deepEqual(
      found.json().gifs.map((g: { id: string }) => g.id),
      ['cat1'],
    );
    assert.ok(giphyCalls.some((c) => c.includes('rating=g') && c.includes('q=cat') && c.includes('api_key=test-key')));
    const one = await s.app.inject({ method: 'GET', url: '/api/utilities/gifs/cat1', headers: bearer(tokens.owner) });
    assert.equal(one.json().url, 'https://media.example/cat1.gif');
    const gone = await s.app.inject({ method: 'GET', url: '/api/utilities/gifs/gone42', headers: bearer(tokens.owner) });
    assert.deepEqual([gone.statusCode, gone.json().message], [404, CHAT_MESSAGES.gifRemoved]);
  });

  it('offers the GIFs shipped with the app without a key, found by their tags and served from this origin', async () => {
    const plain = await startTestServer();
    try {
      const token = (await signIn(plain.app, 'owner@demo.test')).token;
      const ask = (url: string, headers: Record<string, string> = bearer(token)) => plain.app.inject({ method: 'GET', url, headers });
      assert.deepEqual((await ask('/api/utilities/gifs/config')).json(), { configured: true });
      assert.equal((await ask('/api/utilities/gifs')).json().gifs.length, 12);
      const thanks = (await ask('/api/utilities/gifs?q=thank')).json().gifs;
      assert.deepEqual(
        thanks.map((g: { id: string; url: string }) => [g.id, g.url]),
        [['local-thanks', '/api/gifs/local-thanks.gif']],
      );
      assert.deepEqual(
        (await ask('/api/utilities/gifs?q=party')).json().gifs.map((g: { id: string }) => g.id),
        ['local-birthday', 'local-celebrate'],
      );
      assert.deepEqual((await ask('/api/utilities/gifs?q=zebra')).json().gifs, []);
      assert.equal((await ask('/api/utilities/gifs/local-car')).json().title, 'Car');
      assert.equal((await ask('/api/utilities/gifs/gone42')).json().message, CHAT_MESSAGES.gifRemoved);
      // The picture itself: an animated GIF an <img> loads without a session.
      const file = await ask('/api/gifs/local-thanks.gif', {});
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'image/gif');
      assert.equal(file.rawPayload.subarray(0, 6).toString('latin1'), 'GIF89a');
      assert.ok(file.rawPayload.includes(Buffer.from('NETSCAPE2.0')), 'it loops');
      assert.equal((await ask('/api/gifs/nothing.gif', {})).statusCode, 404);
    } finally {
      await plain.close();
    }
  });
});
