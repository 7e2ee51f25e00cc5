import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, DEMO, SECOND, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { signInSecond } from '../clients/testSupport';
import { advancePort, PORT_SUBMITTED } from './ports';

let s: TestServer;
let owner: string;
let other: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A multipart body of fields and files. */
function multipart(fields: Record<string, string>, files: Record<string, { name: string; data: Buffer }>) {
  const boundary = '----agencydesk' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"; filename="${f.name}"\r\ncontent-type: application/pdf\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const form = { type: 'business', firstName: 'Sofia', lastName: 'Santos', address: '1 Main St', city: 'Dallas', state: 'TX', zipcode: '75201' };
const port = (fields: Record<string, string>, files: Record<string, { name: string; data: Buffer }>, token: string, account: string = SECOND) => {
  const body = multipart(fields, files);
  return s.app.inject({ method: 'POST', url: `/api/accounts/${account}/phones/port`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};
const pdfs = { loa: { name: 'loa.pdf', data: PDF }, billing: { name: 'bill.pdf', data: PDF } };

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('porting numbers in', () => {
  it('needs the form, at least one number and both PDFs', async () => {
    const noFiles = await port({ ...form, local: JSON.stringify([{ phoneNumber: '2145550100' }]) }, {}, other);
    assert.deepEqual([noFiles.statusCode, noFiles.json().message], [400, 'The signed LOA (PDF) is required']);
    const notPdf = await port(
      { ...form, local: JSON.stringify([{ phoneNumber: '2145550100' }]) },
      { ...pdfs, billing: { name: 'bill.pdf', data: Buffer.from('hello') } },
      other,
    );
    assert.deepEqual([notPdf.statusCode, notPdf.json().message], [400, 'The bill must be a PDF']);
    assert.equal((await port({ ...form, local: '[]' }, pdfs, other)).json().message, 'Add at least one number to port');
    assert.equal(
      (await port({ ...form, zipcode: '7520', local: JSON.stringify([{ phoneNumber: '2145550100' }]) }, pdfs, other)).json().message,
      'Zip code must be 5 digits (or 5+4)',
    );
    assert.equal((await port({ ...form, local: JSON.stringify([{ phoneNumber: '2145550100' }]) }, pdfs, other, DEMO)).statusCode, 403);
  });

  it('answers 400 to a list that is not JSON, and to bad text in any field of the form', async () => {
    const notJson = await port({ ...form, local: '[{"phoneNumber": "2145550100"' }, pdfs, other);
    assert.deepEqual([notJson.statusCode, notJson.json().message], [400, 'The local numbers must be a JSON list (form.local)']);
    const wireless = await port({ ...form, wireless: 'not json' }, pdfs, other);
    assert.deepEqual([wireless.statusCode, wireless.json().message], [400, 'The wireless numbers must be a JSON list (form.wireless)']);
    const lone = await port({ ...form, local: '[{"phoneNumber": "214555\\ud8000"}]' }, pdfs, other);
    assert.deepEqual([lone.statusCode, lone.json().message], [400, 'Lone UTF-16 surrogates are not allowed (form.local[0].phoneNumber).']);
    const nul = await port({ ...form, firstName: 'So\u0000fia', local: JSON.stringify([{ phoneNumber: '2145550100' }]) }, pdfs, other);
    assert.deepEqual([nul.statusCode, nul.json().message], [400, 'Control characters are not allowed (form.firstName).']);
    assert.deepEqual(await s.db.query('select id from port_requests where account_id = $1', [SECOND]), []);
  });

  it('keeps the numbers porting in (no campaign), wireless credentials masked, then completes them', async () => {
    const res = await port(
      { ...form, wireless: JSON.stringify([{ phoneNumber: '+1 (214) 555-0101', accountNumber: '9876543210', pin: '4321' }]) },
      pdfs,
      other,
    );
    assert.deepEqual([res.statusCode, res.json().message], [201, PORT_SUBMITTED]);
    const phones = (await s.app.inject({ method: 'GET', url: `/api/accounts/${SECOND}/phones`, headers: bearer(other) })).json();
    assert.deepEqual(
      phones.map((p: { phoneNumber: string; status: string; origin: string }) => [p.phoneNumber, p.status, p.origin]),
      [['12145550101', 'porting-in', 'ported']],
    );
    const [row] = await s.db.query<{ id: string; numbers: unknown }>('select id, numbers from port_requests where account_id = $1', [SECOND]);
    assert.ok(!JSON.stringify(row!.numbers).includes('9876543210') && !JSON.stringify(row!.numbers).includes('4321'));
    // The plan (one number) is full now.
    const more = await port({ ...form, local: JSON.stringify([{ phoneNumber: '2145550102' }]) }, pdfs, other);
    assert.deepEqual([more.statusCode, more.json().message], [403, 'Plan allows 1 phone number']);

    assert.equal(await advancePort(s.app.deps, row!.id), true);
    assert.equal(await advancePort(s.app.deps, row!.id), false);
    const after = (await s.app.inject({ method: 'GET', url: `/api/accounts/${SECOND}/phones`, headers: bearer(other) })).json();
    assert.equal(after[0].status, 'in-use');
    assert.match(after[0].sid, /^PN/);
    const me = (await s.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other) })).json();
    assert.equal(me.account.twilioPhoneNumber, '12145550101');
    assert.ok(owner);
  });
});
