import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IMPORT_BATCH_ROWS } from '@agency/contracts';
import type { Db } from '../../db/index';
import { bearer, signIn, startTestServer, type TestServer } from '../../testing/harness';
import { parseCsv } from './csv';
import { signInSecond } from './testSupport';

let s: TestServer;
let owner: string;
let other: string;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = owner) =>
  s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const CSV = [
  'First Name,Last Name,Cell,E-mail,Birthday,City,State,Zip,Tags,Notes',
  'Paula,Price,(512) 555-0301,paula@example.com,4/5/1977,Austin,TX,78701,VIP,"Met at the fair, wants a ""home"" quote"',
  'James,Carter,512-555-0142,,,,,,,', // the seeded James Carter, by mobile phone
  'Quinn,Quick,5125550302,not-an-email,,,,,,',
  ',,,,,,,,,',
  'Rita,Roe,5125550303,rita@example.com,02/30/1980,,,,,',
  'Paula,Price,5125550301,,,,,,,', // the same as row 1: a duplicate inside the file
  ',,5125550399,,,,,,,',
].join('\r\n');
const mapping = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Cell: 'mobilePhone',
  'E-mail': 'email',
  Birthday: 'dob',
  City: 'city',
  State: 'state',
  Zip: 'zipcode',
  Tags: 'tags',
  Notes: 'note',
};

before(async () => {
  s = await startTestServer();
  owner = (await signIn(s.app, 'owner@demo.test')).token;
  other = await signInSecond(s.app);
});
after(() => s.close());

describe('CSV import and export', () => {
  it('parses quoted fields, doubled quotes and CRLF', () => {
    assert.deepEqual(parseCsv('a,"b,c","d ""e"""\r\n1,,3\n'), [
      ['a', 'b,c', 'd "e"'],
      ['1', '', '3'],
    ]);
  });

  it('previews the header, a sample and a suggested mapping', async () => {
    const p = (await call('POST', '/clients/import/preview', { csv: CSV })).json();
    assert.equal(p.rows, 6, 'blank rows are not counted');
    assert.deepEqual(p.suggestedMapping, mapping);
    assert.equal(p.sample[0][0], 'Paula');
  });

  it('rehearses with dryRun: reports every row and writes nothing', async () => {
    const res = (await call('POST', '/clients/import', { csv: CSV, mapping, dryRun: true, onDuplicate: 'skip' })).json();
    assert.deepEqual([res.dryRun, res.total, res.created, res.skipped, res.failed], [true, 6, 1, 2, 3]);
    assert.deepEqual(
      res.rows.map((r: { row: number; status: string }) => [r.row, r.status]),
      [
        [1, 'created'],
        [2, 'skipped'],
        [3, 'error'],
        [4, 'error'],
        [5, 'skipped'],
        [6, 'error'],
      ],
    );
    assert.match(res.rows[1].reason, /Duplicate of James Carter \(phone\)/);
    assert.match(res.rows[2].reason, /email: Enter a valid email address/);
    assert.match(res.rows[3].reason, /dob: Dates must be/);
    assert.match(res.rows[4].reason, /Duplicate of Paula Price \(phone, row 1\)/);
    assert.deepEqual([res.rows[4].duplicateOf, res.rows[4].duplicateOfRow], [null, 1], 'the row the dry run created is named, not its rolled-back id');
    assert.match(res.rows[1].duplicateOf, /^[0-9a-f-]{36}$/);
    assert.equal(res.rows[1].duplicateOfRow, null);
    assert.equal(res.rows[5].reason, 'A row needs a first name, last name or company');
    assert.equal((await call('GET', '/clients?search=paula')).json().total, 0);
  });

  it('takes an action per duplicate row over the default one', async () => {
    const res = (
      await call('POST', '/clients/import', { csv: CSV, mapping, dryRun: true, onDuplicate: 'skip', duplicateActions: { 2: 'merge', 5: 'create' } })
    ).json();
    assert.deepEqual(
      res.rows.map((r: { row: number; status: string }) => [r.row, r.status]),
      [
        [1, 'created'],
        [2, 'merged'],
        [3, 'error'],
        [4, 'error'],
        [5, 'created'],
        [6, 'error'],
      ],
    );
    assert.match(res.rows[4].reason, /Created although it matches Paula Price/);
    assert.equal((await call('POST', '/clients/import', { csv: CSV, mapping, duplicateActions: { first: 'merge' } })).statusCode, 400);
    assert.equal((await call('POST', '/clients/import', { csv: CSV, mapping, duplicateActions: { 2: 'replace' } })).statusCode, 400);
  });

  it('imports for real: the client, its address, tags and note; duplicates merged on request', async () => {
    const res = (await call('POST', '/clients/import', { csv: CSV, mapping, dryRun: false, onDuplicate: 'merge' })).json();
    assert.deepEqual([res.created, res.merged, res.failed], [1, 2, 3]);
    const [paula] = (await call('GET', '/clients?search=paula')).json().items;
    const full = (await call('GET', `/clients/${paula.id}/full`)).json();
    assert.deepEqual([full.client.mobilePhone, full.client.dob, full.client.email], ['15125550301', '**/**/1977', 'paula@example.com']);
    assert.equal((await call('POST', `/clients/${paula.id}/reveal`, { field: 'dob' })).json().value, '04/05/1977');
    assert.deepEqual(
      full.addresses.map((a: { city: string; zipcode: string }) => [a.city, a.zipcode]),
      [['Austin', '78701']],
    );
    assert.deepEqual(
      full.tags.map((t: { name: string }) => t.name),
      ['Texas', 'VIP'],
      'the static tag from the file, and the dynamic Texas tag its address matches',
    );
    const notes = (await call('GET', `/clients/${paula.id}/activity`)).json() as Array<{ note: string }>;
    assert.ok(notes.some((n) => n.note === 'Met at the fair, wants a "home" quote'));
    const james = (await call('GET', '/clients?search=carter')).json();
    assert.equal(james.total, 1, 'merged into the existing client, not a copy');
  });

  /**
   * Watches the database while `run` goes: resolves `started` at the import's first transaction or
   * its first duplicate lookup, and counts the transactions opened.
   */
  async function watchingDb<T>(run: (started: Promise<void>) => Promise<T>): Promise<{ result: T; transactions: number }> {
    const { tx, query } = s.db;
    let transactions = 0;
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    s.db.tx = ((fn) => {
      transactions++;
      start();
      return tx(fn);
    }) as Db['tx'];
    s.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('client_terms')) start();
      return query(sql, params);
    }) as Db['query'];
    try {
      return { result: await run(started), transactions };
    } finally {
      Object.assign(s.db, { tx, query });
    }
  }
  const BIG = 1000;
  const bigCsv = ['First Name,Last Name,Cell', ...Array.from({ length: BIG }, (_, i) => `Bulk${i},Load,5127${String(i).padStart(6, '0')}`)].join('\r\n');
  const bigMapping = { 'First Name': 'firstName', 'Last Name': 'lastName', Cell: 'mobilePhone' };

  /** Starts the import, waits for it to reach the database, then asks for the other agency's tags. */
  async function otherAgencyDuring(dryRun: boolean) {
    return watchingDb(async (started) => {
      let importAnswered = false;
      const importing = call('POST', '/clients/import', { csv: bigCsv, mapping: bigMapping, dryRun }).then((res) => {
        importAnswered = true;
        return res;
      });
      await started;
      const tags = await call('GET', '/tags', undefined, other);
      const answeredFirst = !importAnswered;
      return { tags, answeredFirst, imported: (await importing).json() };
    });
  }

  it('answers another agency while a large dry run reads, and opens no transaction for it', async () => {
    const { result, transactions } = await otherAgencyDuring(true);
    assert.equal(result.tags.statusCode, 200);
    assert.ok(result.answeredFirst, 'the other agency was answered before the dry run finished');
    assert.deepEqual([result.imported.dryRun, result.imported.created, result.imported.failed], [true, BIG, 0]);
    assert.equal(transactions, 0, 'a dry run writes nothing, so it holds no transaction');
    assert.equal((await call('GET', '/clients?search=Load')).json().total, 0);
  });

  it('answers another agency while a large import runs: the rows are written a batch per transaction', async () => {
    const { result, transactions } = await otherAgencyDuring(false);
    assert.equal(result.tags.statusCode, 200);
    assert.ok(result.answeredFirst, 'the other agency was answered before the import finished');
    assert.deepEqual([result.imported.created, result.imported.failed], [BIG, 0]);
    assert.ok(transactions >= BIG / IMPORT_BATCH_ROWS, `${BIG} rows in ${transactions} transactions`);
    assert.equal((await call('GET', '/clients?search=Load&limit=1')).json().total, BIG);
    // a second run finds every row a duplicate of the first's
    const again = (await call('POST', '/clients/import', { csv: bigCsv, mapping: bigMapping, dryRun: true })).json();
    assert.deepEqual([again.skipped, again.rows[0].reason], [BIG, 'Duplicate of Bulk0 Load (phone)']);
  });

  it('keeps the batches written when a later one fails, and reports the rest as not imported', async () => {
    const n = IMPORT_BATCH_ROWS * 2 + 3;
    const csv = ['First Name,Last Name', ...Array.from({ length: n }, (_, i) => `Half${i},Way`)].join('\r\n');
    const { tx } = s.db;
    let calls = 0;
    s.db.tx = ((fn) => (++calls === 2 ? Promise.reject(new Error('the disk is full')) : tx(fn))) as Db['tx'];
    try {
      const res = (await call('POST', '/clients/import', { csv, mapping: { 'First Name': 'firstName', 'Last Name': 'lastName' }, dryRun: false })).json();
      assert.deepEqual([res.total, res.created, res.failed], [n, IMPORT_BATCH_ROWS, n - IMPORT_BATCH_ROWS]);
      const stopped = IMPORT_BATCH_ROWS + 1;
      assert.deepEqual(res.rows[IMPORT_BATCH_ROWS], {
        row: stopped,
        status: 'error',
        reason: `Not imported: the import stopped at row ${stopped}; the rows before it were imported`,
        clientId: null,
        duplicateOf: null,
        duplicateOfRow: null,
      });
    } finally {
      s.db.tx = tx;
    }
    assert.equal((await call('GET', '/clients?search=Way&limit=1')).json().total, IMPORT_BATCH_ROWS);
  });

  it('refuses a mapping of missing columns and a file without rows', async () => {
    assert.match((await call('POST', '/clients/import', { csv: CSV, mapping: { Nope: 'firstName' } })).json().message, /does not have: Nope/);
    assert.match((await call('POST', '/clients/import', { csv: 'a,b\r\n', mapping: { a: 'firstName' } })).json().message, /no rows/);
    assert.equal((await call('POST', '/clients/import', { csv: CSV, mapping: { 'First Name': 'password' } })).statusCode, 400);
  });

  it('exports the current list or tag as CSV, within the account', async () => {
    const res = await call('GET', '/clients/export?search=carter');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/csv/);
    const rows = parseCsv(res.body);
    assert.equal(rows[0][1], 'firstName');
    assert.deepEqual(
      rows.slice(1).map((r) => [r[1], r[3], r[7]]),
      [['James', 'Carter', '15125550142']],
    );
    const all = parseCsv((await call('GET', '/clients/export')).body);
    assert.equal(all.length - 1, (await call('GET', '/clients?limit=1')).json().total);
    const theirs = parseCsv((await call('GET', '/clients/export', undefined, other)).body);
    assert.deepEqual(
      theirs.slice(1).map((r) => r[1]),
      ['Olga'],
    );
  });
});
