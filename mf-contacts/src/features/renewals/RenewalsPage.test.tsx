import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import type { Renewal, RenewalListResponse, Session } from '@agency/contracts';
import { api, locationsApi, usersApi } from '@agency/api-client';
import { collectToasts, renderWith } from '../../test/render';
import { RenewalsPage, yearAfter } from './RenewalsPage';

jest.mock('@agency/api-client', () => ({
  api: { get: jest.fn(), patch: jest.fn() },
  locationsApi: { list: jest.fn() },
  usersApi: { list: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const EMMA = '00000000-0000-4000-9000-000000000003';
const renewal = (n: number, over: Partial<Renewal> = {}): Renewal => ({
  key: `policy:00000000-0000-4000-c000-00000000000${n}:03/0${n}/2027`,
  sourceKind: 'policy',
  sourceId: `00000000-0000-4000-c000-00000000000${n}`,
  client: { id: `00000000-0000-4000-d000-00000000000${n}`, name: `Client ${n}` },
  what: `Auto Policy #A-${n}`,
  line: 'Auto Policy',
  carrier: 'Progressive',
  termEnd: `03/0${n}/2027`,
  newTermDate: null,
  premium: 120_050,
  state: 'notStarted',
  lostReason: null,
  managedBy: { id: EMMA, name: 'Emma Ellis' },
  location: 'Austin',
  updatedAt: null,
  ...over,
});

const get = api.get as jest.Mock;
const patch = api.patch as jest.Mock;
const page = (rows: Renewal[], total = rows.length): { data: RenewalListResponse } => ({ data: { rows, total, page: 1, pageSize: 25 } });
const lastQuery = () => get.mock.calls.at(-1)?.[1]?.params;

beforeEach(() => {
  hostControls().setSession({ account: { id: ACCOUNT } } as Session);
  get
    .mockReset()
    .mockResolvedValue(
      page([renewal(1), renewal(2, { state: 'lost', lostReason: 'Moved away' }), renewal(3, { state: 'renewed', newTermDate: '03/03/2028' })], 3),
    );
  patch
    .mockReset()
    .mockImplementation((_url: string, body: { state: string }) => Promise.resolve({ data: renewal(1, { state: body.state as Renewal['state'] }) }));
  (locationsApi.list as jest.Mock).mockResolvedValue([{ id: 'loc-1', name: 'Austin' }]);
  (usersApi.list as jest.Mock).mockResolvedValue([{ id: EMMA, firstName: 'Emma', lastName: 'Ellis' }]);
});
afterEach(() => hostControls().setSession(null));

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('the renewals view', () => {
  it('lists what ends with the client, when, the premium and the state in words', async () => {
    renderWith(<RenewalsPage />);
    const first = await rowOf('Client 1');
    expect(within(first).getByText('Auto Policy #A-1')).toBeInTheDocument();
    expect(within(first).getByText('03/01/2027')).toBeInTheDocument();
    expect(within(first).getByText('$1,200.50')).toBeInTheDocument();
    expect(within(first).getByText('Not started')).toBeInTheDocument();
    const lost = await rowOf('Client 2');
    expect(within(lost).getByText('Lost')).toBeInTheDocument();
    expect(within(lost).getByText('Moved away')).toBeInTheDocument();
    const renewed = await rowOf('Client 3');
    expect(within(renewed).getByText('New term ends 03/03/2028')).toBeInTheDocument();
    expect(within(renewed).queryByRole('button', { name: 'Contacted' })).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`/accounts/${ACCOUNT}/renewals`, { params: expect.objectContaining({ days: 60, page: 1, pageSize: 25 }) });
    expect(screen.getByText('3 renewals')).toBeInTheDocument();
  });

  it('asks the server again for another window, a custom number of days and a managed-by person', async () => {
    const user = userEvent.setup();
    renderWith(<RenewalsPage />);
    await rowOf('Client 1');
    await user.click(screen.getByLabelText('Ending within'));
    await user.click(await screen.findByTitle('90 days'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ days: 90 }));
    await user.click(screen.getByLabelText('Ending within'));
    await user.click(await screen.findByTitle('Custom'));
    const days = await screen.findByLabelText('Days');
    await user.clear(days);
    await user.type(days, '45');
    await waitFor(() => expect(lastQuery()).toMatchObject({ days: 45 }));
    await user.click(screen.getByLabelText('Managed by'));
    await user.click(await screen.findByTitle('Emma Ellis'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ days: 45, managedBy: EMMA, page: 1 }));
    await user.type(screen.getByLabelText('Carrier'), 'Prog');
    await waitFor(() => expect(lastQuery()).toMatchObject({ carrier: 'Prog' }));
    expect(screen.getByLabelText('Location')).toBeInTheDocument();
    expect(screen.getByLabelText('Line of business')).toBeInTheDocument();
    expect(screen.getByLabelText('State')).toBeInTheDocument();
  });

  it('marks a renewal contacted for its term, and reloads', async () => {
    const user = userEvent.setup();
    const feedback = collectToasts();
    renderWith(<RenewalsPage />);
    const first = await rowOf('Client 1');
    const asked = get.mock.calls.length;
    await user.click(within(first).getByRole('button', { name: 'Contacted' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`/accounts/${ACCOUNT}/renewals/policy/${renewal(1).sourceId}`, { termEnd: '03/01/2027', state: 'contacted' }),
    );
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(asked));
    expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Renewal marked contacted' });
    feedback.stop();
  });

  it('marks renewed with the new term date from a dialog (a year on by default)', async () => {
    const user = userEvent.setup();
    renderWith(<RenewalsPage />);
    await user.click(within(await rowOf('Client 1')).getByRole('button', { name: 'Renewed...' }));
    const date = await screen.findByLabelText('New term date');
    expect(date).toHaveValue('03/01/2028');
    await user.clear(date);
    await user.type(date, '03152028');
    await user.click(screen.getByRole('button', { name: 'Mark Renewed' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(expect.stringContaining('/renewals/policy/'), { termEnd: '03/01/2027', state: 'renewed', newTermDate: '03/15/2028' }),
    );
  });

  it('asks for the reason a renewal was lost, and keeps the dialog open when the server refuses', async () => {
    const user = userEvent.setup();
    const feedback = collectToasts();
    patch.mockRejectedValueOnce(new Error('This term has changed since the list was loaded; refresh and try again'));
    renderWith(<RenewalsPage />);
    await user.click(within(await rowOf('Client 1')).getByRole('button', { name: 'Lost...' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Lost' }));
    expect(await screen.findByText('Give the reason the renewal was lost')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason'), 'Went with a cheaper carrier');
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));
    await waitFor(() =>
      expect(feedback.toasts).toContainEqual({ kind: 'error', message: 'This term has changed since the list was loaded; refresh and try again' }),
    );
    expect(screen.getByLabelText('Reason')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));
    await waitFor(() =>
      expect(patch).toHaveBeenLastCalledWith(expect.any(String), { termEnd: '03/01/2027', state: 'lost', reason: 'Went with a cheaper carrier' }),
    );
    feedback.stop();
  });

  it('finds the next term a year on, 29 February falling on the 28th', () => {
    expect(yearAfter('03/01/2027')).toBe('03/01/2028');
    expect(yearAfter('02/29/2028')).toBe('02/28/2029');
  });
});
