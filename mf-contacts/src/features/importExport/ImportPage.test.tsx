import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportResult } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { renderWith } from '../../test/render';
import { ImportPage } from './ImportPage';

jest.mock('@agency/api-client', () => ({
  clientsApi: { importPreview: jest.fn(), import: jest.fn() },
  errorMessage: (e: unknown, fallback = 'Something went wrong.') => (e instanceof Error ? e.message : fallback),
}));
const importPreview = clientsApi.importPreview as jest.Mock;
const importCall = clientsApi.import as jest.Mock;

const CSV = [
  'First Name,Surname,Cell,E-mail,Favorite color',
  'Nora,North,5125550401,nora@example.com,blue',
  'James,Carter,5125550142,,green',
  'Otto,Oak,,not-an-email,red',
].join('\r\n');
const PREVIEW: ImportPreview = {
  headers: ['First Name', 'Surname', 'Cell', 'E-mail', 'Favorite color'],
  sample: [],
  rows: 3,
  suggestedMapping: { 'First Name': 'firstName', Surname: 'lastName', Cell: 'mobilePhone', 'E-mail': 'email' },
};
const JAMES = '00000000-0000-4000-8000-0000000000aa';
const row = (n: number, status: 'created' | 'merged' | 'skipped' | 'error', reason: string | null, duplicateOf: string | null = null) => ({
  row: n,
  status,
  reason,
  clientId: null,
  duplicateOf,
  duplicateOfRow: null,
});
const DRY_RUN: ImportResult = {
  dryRun: true,
  total: 3,
  created: 1,
  merged: 0,
  skipped: 1,
  failed: 1,
  rows: [row(1, 'created', null), row(2, 'skipped', 'Duplicate of James Carter (phone)', JAMES), row(3, 'error', 'email: Enter a valid email address')],
};
const DONE: ImportResult = {
  dryRun: false,
  total: 3,
  created: 1,
  merged: 1,
  skipped: 0,
  failed: 1,
  rows: [row(1, 'created', null), row(2, 'merged', null, JAMES), row(3, 'error', 'email: Enter a valid email address')],
};

/** A button by its text: role queries walk the whole accessibility tree of antd's tables, which is slow in jsdom. */
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLElement;
const findButton = async (name: string) => (await screen.findByText(name, { selector: 'button span' })).closest('button') as HTMLElement;

/** The text an antd select shows for its value. */
const shown = (label: string) => screen.getByLabelText(label).closest('.ant-select')?.textContent ?? '';

async function chooseFile(content = CSV, name = 'people.csv', type = 'text/csv') {
  const { container } = renderWith(<ImportPage />, { path: '/contacts/import' });
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type })] } });
}

describe('CSV import', () => {
  beforeEach(() => {
    importPreview.mockReset().mockResolvedValue(PREVIEW);
    importCall.mockReset();
  });

  it('refuses a file that is not CSV with a clear message, and sends nothing', async () => {
    await chooseFile('%PDF-1.4', 'policy.pdf', 'application/pdf');
    expect(await screen.findByRole('alert')).toHaveTextContent('policy.pdf is not a CSV file.');
    expect(importPreview).not.toHaveBeenCalled();
  });

  it('shows the server reason when the file has no rows, and stays on the first step', async () => {
    importPreview.mockRejectedValue(new Error('The file has no rows under its header'));
    await chooseFile('First Name\r\n');
    expect(await screen.findByRole('alert')).toHaveTextContent('people.csv could not be read: The file has no rows under its header');
    expect(screen.getByText('Click or drag a CSV file to this area')).toBeInTheDocument();
  });

  it('maps each column by its header guess, labelled by the column, and previews the rows', async () => {
    await chooseFile();
    await screen.findByRole('table', { name: 'Column mapping' });
    expect(importPreview).toHaveBeenCalledWith(CSV);
    expect(shown('First Name')).toContain('First Name');
    expect(shown('Surname')).toContain('Last Name');
    expect(shown('Cell')).toContain('Mobile Phone');
    expect(shown('E-mail')).toContain('Email');
    expect(shown('Favorite color')).toContain('Leave out');
    const preview = screen.getByRole('table', { name: 'Preview of the first rows' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['First Name', 'Last Name', 'Mobile Phone', 'Email']);
    expect(within(preview).getByText('nora@example.com')).toBeInTheDocument();
    expect(within(preview).queryByText('blue')).not.toBeInTheDocument();
  });

  it('sends the choice made for each duplicate, then reports every row not imported with its reason', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    importCall.mockResolvedValueOnce(DRY_RUN).mockResolvedValueOnce(DONE);
    await chooseFile();
    await user.click(await findButton('Check rows'));
    const mapping = { 'First Name': 'firstName', Surname: 'lastName', Cell: 'mobilePhone', 'E-mail': 'email', 'Favorite color': '' };
    expect(importCall).toHaveBeenLastCalledWith({ csv: CSV, mapping, dryRun: true, onDuplicate: 'skip' });

    expect(await screen.findByTestId('count-create')).toHaveTextContent('1');
    expect(screen.getByTestId('count-duplicates')).toHaveTextContent('1');
    expect(screen.getByTestId('count-invalid')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'James Carter' })).toHaveAttribute('href', `/contacts/contact/${JAMES}`);
    expect(screen.getByText('email: Enter a valid email address')).toBeInTheDocument();
    expect(button('Import 1 contact')).toBeEnabled();

    await user.click(within(screen.getByLabelText('Action for row 2')).getByText('Merge'));
    await user.click(button('Import 2 contacts'));
    await waitFor(() => expect(importCall).toHaveBeenCalledTimes(2));
    const sent = importCall.mock.calls[1][0];
    expect(sent).toMatchObject({ mapping, dryRun: false, onDuplicate: 'skip', duplicateActions: { 2: 'merge' } });
    expect(sent.csv).toBe(`${CSV}\r\n`);

    expect(await screen.findByTestId('import-imported')).toHaveTextContent('Imported 2 contacts of 3 rows');
    expect(screen.getByText('1 created, 1 merged, 0 skipped, 1 invalid')).toBeInTheDocument();
    const report = screen.getByTestId('import-report');
    const cells = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([['3', 'Otto Oak', 'Invalid', 'email: Enter a valid email address']]);
  });

  it('skips a duplicate by default and can set every duplicate at once', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    importCall.mockResolvedValueOnce(DRY_RUN).mockResolvedValueOnce({
      ...DONE,
      merged: 0,
      created: 1,
      skipped: 1,
      rows: [row(1, 'created', null), row(2, 'skipped', 'Duplicate of James Carter (phone)', JAMES), DONE.rows[2]],
    });
    await chooseFile();
    await user.click(await findButton('Check rows'));
    await user.click(await findButton('Create all'));
    expect(screen.getByTestId('count-create')).toHaveTextContent('2');
    await user.click(button('Skip all'));
    await user.click(button('Import 1 contact'));
    await waitFor(() => expect(importCall).toHaveBeenCalledTimes(2));
    expect(importCall.mock.calls[1][0].duplicateActions).toEqual({ 2: 'skip' });
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByRole('link', { name: 'James Carter' })).toHaveAttribute('href', `/contacts/contact/${JAMES}`);
    expect(within(report).getByText('Skipped')).toBeInTheDocument();
  });
});
