import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { pngSize } from './routes';

let s: TestServer;
let owner: string;
let employee: string;
let other: string;
const call = (method: 'GET' | 'POST' | 'PUT', payload?: unknown, token = owner) =>
  s.app.inject({ method, url: '/api/mobileApp', headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A PNG header of the given size (what the check reads). */
function png(width: number, height: number): string {
  const head = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'latin1');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return `data:image/png;base64,${head.toString('base64')}`;
}

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  employee = (await signIn(s.app, 'employee@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('client mobile app settings', () => {
  it('are set once, read back and updated, per account; the logo is a 400 x 400 PNG', async () => {
    assert.equal((await call('GET')).json(), null);
    assert.equal(pngSize(png(400, 400))?.width, 400);
    assert.equal((await call('POST', { logo: png(200, 200) })).json().message, 'The logo must be a 400 x 400 PNG image');
    assert.equal((await call('POST', { logo: 'data:image/jpeg;base64,AAAA' })).json().message, 'The logo must be a PNG image');
    assert.equal((await call('PUT', { products: ['Auto'] })).statusCode, 404);
    const created = await call('POST', {
      logo: png(400, 400),
      products: ['Auto', 'Home', 'Auto'],
      departments: ['Claims'],
      changeRequestTypes: ['Add a driver'],
      referralBonus: '$25 gift card',
    });
    assert.equal(created.statusCode, 201);
    assert.deepEqual(created.json().products, ['Auto', 'Home']);
    assert.equal((await call('POST', {})).statusCode, 409);
    const updated = await call('PUT', { ...(created.json() as object), referralDisclaimer: 'One bonus per referred household.' });
    assert.deepEqual([updated.json().referralBonus, updated.json().referralDisclaimer], ['$25 gift card', 'One bonus per referred household.']);
    assert.equal((await call('GET', undefined, other)).json(), null);
    assert.equal((await call('GET', undefined, employee)).statusCode, 403);
  });
});
