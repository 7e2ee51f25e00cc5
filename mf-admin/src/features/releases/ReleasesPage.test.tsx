import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { api as http, releasesApi } from '@agency/api-client';
import type { ReleaseEntry, ReleaseHistory, ReleasesOverview } from '@agency/contracts';
import { formatDateTime } from '@agency/ui';
import { ReleasesPage } from './ReleasesPage';
import { deployKeysApi } from './DeployKeys';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = releasesApi as jest.Mocked<typeof releasesApi>;
/** GET /releases/history, through the api instance. */
const historyGet = jest.fn();
const userEvent = userEventLib.setup({ delay: null });

const entry = (release: string, by: string, note: string, missing: ReleaseEntry['missing'] = []): ReleaseEntry => ({
  release,
  record: {
    remote: 'contacts',
    release,
    releasedAt: '2026-11-27T15:04:00.000Z',
    commit: '4132c2f0a1b2',
    by,
    note,
    needs: { shared: [], runtime: '2.9.2' },
  },
  missing,
});
const ICONS_MISSING = [{ key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' as const }];
const overview: ReleasesOverview = {
  shellChecked: true,
  remotes: [
    {
      remote: 'shell',
      title: 'Shell',
      active: '2.10.0-dddddddd',
      earlier: [],
      releases: [
        entry('2.10.0-dddddddd', 'dana', 'Dashboard layout'),
        entry('2.11.0-eeeeeeee', 'kim', 'Icons bundled', [{ remote: 'contacts', ...ICONS_MISSING[0]! }]),
      ],
    },
    {
      remote: 'contacts',
      title: 'Contacts',
      active: '1.1.0-bbbbbbbb',
      earlier: ['1.0.0-aaaaaaaa'],
      releases: [
        entry('1.0.0-aaaaaaaa', 'dana', 'Tags on the list'),
        entry('1.1.0-bbbbbbbb', 'lee', 'Import with tags'),
        entry('1.2.0-cccccccc', 'kim', 'Icons again', ICONS_MISSING),
      ],
    },
    { remote: 'chat', title: 'Team chat', active: null, earlier: [], releases: [] },
  ],
};

const history: ReleaseHistory = {
  total: 2,
  items: [
    {
      id: '2',
      at: '2026-11-28T09:30:00.000Z',
      by: 'super@demo.test',
      via: 'page',
      action: 'rolledBack',
      name: 'contacts',
      title: 'Contacts',
      release: '1.0.0-aaaaaaaa',
      reason: 'The import drops tags',
      forced: null,
    },
    {
      id: '1',
      at: '2026-11-27T15:05:00.000Z',
      by: 'ops-kim',
      via: 'cli',
      action: 'activated',
      name: 'shell',
      title: 'Shell',
      release: '2.11.0-eeeeeeee',
      reason: null,
      forced: 'forced past the preflight: contacts: @ant-design/icons ^6.3.4 (the shell does not provide it)',
    },
  ],
};

beforeEach(() => {
  jest.resetAllMocks();
  api.overview.mockResolvedValue(overview);
  api.activate.mockResolvedValue(overview);
  jest.spyOn(deployKeysApi, 'list').mockResolvedValue([]);
  historyGet.mockResolvedValue({ data: history });
  (http as unknown as { get: typeof historyGet }).get = historyGet;
});

test('the History lists every release change, newest first: when, who and how, what, which release, and why', async () => {
  render(<ReleasesPage />);
  const table = await screen.findByRole('table', { name: 'History' });
  await within(table).findByText('The import drops tags');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['When', 'By', 'What', 'Release', 'Reason']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([formatDateTime('2026-11-28T09:30:00.000Z'), 'super@demo.test (Releases page)', 'Rolled back', 'Contacts 1.0.0-aaaaaaaa', 'The import drops tags']);
  expect(
    within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([
    formatDateTime('2026-11-27T15:05:00.000Z'),
    'ops-kim (Command line)',
    'Activated, forced',
    'Shell 2.11.0-eeeeeeee',
    '(forced past the preflight: contacts: @ant-design/icons ^6.3.4 (the shell does not provide it))',
  ]);
  expect(historyGet).toHaveBeenCalledWith('/releases/history', { params: { page: 1, pageSize: 20 } });
});

test("lists each remote's releases, the active one first and then the newest, with when, who, commit, note and the preflight's verdict", async () => {
  render(<ReleasesPage />);
  const contacts = await screen.findByRole('region', { name: 'Contacts' });
  const items = within(contacts).getAllByRole('listitem');
  expect(items.map((r) => r.querySelector('code')!.textContent)).toEqual(['1.1.0-bbbbbbbb', '1.2.0-cccccccc', '1.0.0-aaaaaaaa']);
  expect(within(items[0]!).getByText('Active')).toBeInTheDocument();
  expect(within(items[1]!).queryByText('Active')).not.toBeInTheDocument();
  expect(within(items[0]!).getByText(`Released ${formatDateTime('2026-11-27T15:04:00.000Z')} · by lee · commit 4132c2f`)).toBeInTheDocument();
  expect(within(items[0]!).getByText('Import with tags')).toBeInTheDocument();
  expect(within(items[1]!).getByText('Needs a newer shell')).toBeInTheDocument();
  expect(within(items[2]!).getByText('Served by the shell')).toBeInTheDocument();
  expect(within(items[1]!).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  expect(within(items[0]!).queryByRole('button', { name: /Activate|Roll Back/ })).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Team chat' })).getByText('No release yet')).toBeInTheDocument();
});

test('Roll Back asks for a reason and sends it', async () => {
  render(<ReleasesPage />);
  const contacts = await screen.findByRole('region', { name: 'Contacts' });
  await userEvent.click(within(contacts).getByRole('button', { name: 'Roll Back' }));
  const dialog = await screen.findByRole('dialog', { name: 'Roll Contacts back to 1.0.0-aaaaaaaa' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Roll Back' }));
  expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
  expect(api.activate).not.toHaveBeenCalled();
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'The import drops tags');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Roll Back' }));
  await waitFor(() => expect(api.activate).toHaveBeenCalledWith('contacts', { release: '1.0.0-aaaaaaaa', reason: 'The import drops tags', force: false }));
  await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(historyGet).toHaveBeenCalledTimes(2));
});

test('a release the shell cannot serve says what is missing and is activated only when confirmed, as forced', async () => {
  render(<ReleasesPage />);
  const contacts = await screen.findByRole('region', { name: 'Contacts' });
  await userEvent.click(within(contacts).getByRole('button', { name: 'Activate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Activate Contacts 1.2.0-cccccccc' });
  expect(within(dialog).getByText('This release needs a newer shell')).toBeInTheDocument();
  expect(within(dialog).getByText(/The active shell does not provide: @ant-design\/icons \^6\.3\.4 \(the shell does not provide it\)\./)).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'The shell follows today');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
  expect(await within(dialog).findByText('Confirm to activate it all the same')).toBeInTheDocument();
  expect(api.activate).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /Activate it all the same/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
  await waitFor(() => expect(api.activate).toHaveBeenCalledWith('contacts', { release: '1.2.0-cccccccc', reason: 'The shell follows today', force: true }));
});

test('a refusal from the server is shown in the dialog', async () => {
  api.activate.mockRejectedValue(new Error('Contacts 1.0.0-aaaaaaaa needs a newer shell: react ^19.4.0 (the shell provides 19.3.1).'));
  render(<ReleasesPage />);
  const contacts = await screen.findByRole('region', { name: 'Contacts' });
  await userEvent.click(within(contacts).getByRole('button', { name: 'Roll Back' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Back');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Roll Back' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Contacts 1.0.0-aaaaaaaa needs a newer shell: react ^19.4.0 (the shell provides 19.3.1).');
});

test("lists the shell's releases first, each with what the active remotes would miss under it", async () => {
  render(<ReleasesPage />);
  const shell = await screen.findByRole('region', { name: 'Shell' });
  expect(screen.getAllByRole('region')[0]).toBe(shell);
  const [active, newer] = within(shell).getAllByRole('listitem');
  expect(within(newer!).getByText('Cannot serve contacts')).toBeInTheDocument();
  expect(within(active!).getByText('Serves every active area')).toBeInTheDocument();
  await userEvent.click(within(newer!).getByRole('button', { name: 'Activate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Activate Shell 2.11.0-eeeeeeee' });
  expect(within(dialog).getByText('This shell cannot serve contacts')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Icons come with each remote now');
  await userEvent.click(within(dialog).getByLabelText(/Activate it all the same/));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
  await waitFor(() =>
    expect(api.activate).toHaveBeenCalledWith('shell', { release: '2.11.0-eeeeeeee', reason: 'Icons come with each remote now', force: true }),
  );
});
