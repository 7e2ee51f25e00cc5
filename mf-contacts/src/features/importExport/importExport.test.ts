import { parseCsv, type ImportRequest, type ImportResult } from '@agency/contracts';
import { fileProblem, guessMapping, mappingProblem, rowName } from './mapping';
import { reportCsv } from './report';
import { BATCH_ROWS, importInBatches } from './runImport';

describe('import helpers', () => {
  it('guesses a field for each known header and leaves the others out', () => {
    expect(
      guessMapping({
        headers: ['Given Name', 'Cell', 'Shoe size'],
        suggestedMapping: { 'Given Name': 'firstName', Cell: 'mobilePhone', 'Shoe size': 'shoeSize' },
      }),
    ).toEqual({
      'Given Name': 'firstName',
      Cell: 'mobilePhone',
      'Shoe size': '',
    });
  });

  it('refuses a mapping with nothing mapped, a field twice, or no name', () => {
    expect(mappingProblem({ a: '', b: '' })).toBe('Map at least one column to a contact field.');
    expect(mappingProblem({ a: 'email', b: 'email' })).toBe('"a" and "b" are both mapped to Email. Leave one of them out.');
    expect(mappingProblem({ a: 'email' })).toBe('Map a column to First Name, Last Name or Company: every contact needs one.');
    expect(mappingProblem({ a: 'companyName', b: 'email' })).toBeNull();
  });

  it('checks the type and size of the file', () => {
    expect(fileProblem({ name: 'a.csv', size: 10, type: 'text/csv' })).toBeNull();
    expect(fileProblem({ name: 'A.CSV', size: 10, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(fileProblem({ name: 'a.xlsx', size: 10, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toMatch(/is not a CSV file/);
    expect(fileProblem({ name: 'a.csv', size: 0 })).toBe('a.csv is empty.');
    expect(fileProblem({ name: 'a.csv', size: 10_000_001 })).toMatch(/larger than 10 MB/);
  });

  it('names a row by its person, company or first value', () => {
    const header = ['First', 'Last', 'Company'];
    const mapping = { First: 'firstName', Last: 'lastName', Company: 'companyName' } as const;
    expect(rowName(['Ann', 'Lee', ''], header, mapping)).toBe('Ann Lee');
    expect(rowName(['', '', 'Acme'], header, mapping)).toBe('Acme');
    expect(rowName(['', '', ''], header, { First: '', Last: '', Company: '' })).toBe('(no name)');
  });

  it('writes the report with the rows of the file, what happened and why', () => {
    const result: ImportResult = {
      dryRun: false,
      total: 3,
      created: 1,
      merged: 0,
      skipped: 1,
      failed: 1,
      rows: [
        { row: 1, status: 'created', reason: null, clientId: 'x', duplicateOf: null, duplicateOfRow: null },
        { row: 2, status: 'skipped', reason: 'Duplicate of James Carter (phone)', clientId: null, duplicateOf: 'j', duplicateOfRow: null },
        { row: 3, status: 'error', reason: 'email: Enter a valid email address', clientId: null, duplicateOf: null, duplicateOfRow: null },
      ],
    };
    const rows = parseCsv(
      reportCsv(
        result,
        ['Name', 'Email'],
        [
          ['Ann', 'ann@example.com'],
          ['James', ''],
          ['Otto, Jr.', 'nope'],
        ],
      ),
    );
    expect(rows).toEqual([
      ['Name', 'Email', 'Row', 'Result', 'Reason'],
      ['James', '', '2', 'Skipped', 'Duplicate of James Carter (phone)'],
      ['Otto, Jr.', 'nope', '3', 'Invalid', 'email: Enter a valid email address'],
    ]);
  });

  it('imports in batches with row numbers of the whole file; a failed batch leaves its rows reported, not lost', async () => {
    const total = BATCH_ROWS * 2 + 10;
    const rows = Array.from({ length: total }, (_, i) => [`P${i + 1}`, i === 0 ? '+1 "quoted", name' : '']);
    const sent: ImportRequest[] = [];
    const send = jest.fn(async (body: ImportRequest): Promise<ImportResult> => {
      sent.push(body);
      if (sent.length === 2) throw new Error('Network Error');
      const n = parseCsv(body.csv).length - 1;
      return {
        dryRun: false,
        total: n,
        created: n,
        merged: 0,
        skipped: 0,
        failed: 0,
        rows: Array.from({ length: n }, (_, i) => ({
          row: i + 1,
          status: 'created' as const,
          reason: null,
          clientId: `c${i}`,
          duplicateOf: null,
          duplicateOfRow: null,
        })),
      };
    });
    const progress: number[] = [];
    const result = await importInBatches(
      { header: ['Name', 'Note'], rows, mapping: { Name: 'firstName', Note: 'note' }, actions: { 3: 'merge', [BATCH_ROWS + 2]: 'create' } },
      send,
      (done) => progress.push(done),
      (err) => (err instanceof Error ? err.message : ''),
    );
    expect(send).toHaveBeenCalledTimes(2);
    expect(parseCsv(sent[0].csv)[1]).toEqual(['P1', '+1 "quoted", name']);
    expect(sent[0].duplicateActions).toEqual({ 3: 'merge' });
    expect(sent[1].duplicateActions).toEqual({ 2: 'create' });
    expect(parseCsv(sent[1].csv)[1][0]).toBe(`P${BATCH_ROWS + 1}`);
    expect([result.created, result.failed, result.total]).toEqual([BATCH_ROWS, BATCH_ROWS + 10, total]);
    expect(result.rows[BATCH_ROWS]).toMatchObject({ row: BATCH_ROWS + 1, status: 'error', reason: 'Not imported: Network Error' });
    expect(result.rows.map((r) => r.row)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(progress).toEqual([BATCH_ROWS, total]);
  });
});
