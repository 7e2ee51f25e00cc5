import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus, hostControls } from '@agency/bus';
import { phoneApi, utilitiesApi } from '@agency/api-client';
import type { CallLogEntry, Session } from '@agency/contracts';
import { PhoneLogPage } from './PhoneLogPage';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const phone = phoneApi as jest.Mocked<typeof phoneApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const EMMA = { id: '00000000-0000-4000-9000-000000000003', firstName: 'Emma', lastName: 'Ellis', avatar: null };

const entry = (over: Partial<CallLogEntry> = {}): CallLogEntry => ({
  id: 'c1',
  createdAt: '2026-11-26T15:00:00.000Z',
  format: 'inbound',
  status: 'missed',
  direction: 'incoming',
  phoneNumber: '15125550142',
  agencyNumber: '15125550001',
  user: null,
  client: { id: 'k1', name: 'James Carter' },
  tags: 2,
  accountLocation: { id: 'l1', name: 'Austin' },
  ivr: 'main',
  callDuration: 0,
  errorMessage: null,
  recording: null,
  viewedBy: null,
  viewedOn: null,
  verification: null,
  conference: null,
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  phone.workCount.mockResolvedValue({ count: 0, locations: [] });
  hostControls().setSession({ token: 't', user: { id: EMMA.id, role: 'employee' }, account: { id: 'a1', locationCount: 2 } } as unknown as Session);
});

test('shows owners the Call simulator link only where the server opens the simulators (never in production)', async () => {
  phone.logs.mockResolvedValue({ items: [], total: 0 });
  hostControls().setSession({ token: 't', user: { id: 'o1', role: 'owner' }, account: { id: 'a1', locationCount: 2 } } as unknown as Session);
  const config = utilitiesApi.config as jest.Mock;
  for (const simulators of [false, true]) {
    config.mockResolvedValue({ simulators });
    const { unmount } = render(
      <MemoryRouter>
        <PhoneLogPage />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(config).toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Call simulator' }) !== null).toBe(simulators);
    unmount();
  }
});

test('opens on the missed calls, 25 a page, and marks one reviewed after asking', async () => {
  phone.logs.mockResolvedValue({ items: [entry()], total: 1 });
  phone.review.mockResolvedValue(entry({ viewedBy: EMMA, viewedOn: '2026-11-26T15:05:00.000Z' }));
  const confirm = jest.spyOn(bus, 'confirm').mockResolvedValue(true);
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  const row = (await screen.findByText('James Carter')).closest('tr')!;
  expect(phone.logs).toHaveBeenCalledWith({ view: 'missed', page: 1, limit: 25, phoneNumber: undefined });
  expect(within(row).getByText('Austin')).toBeInTheDocument();
  expect(within(row).getByText('+1-512-555-0001')).toBeInTheDocument();
  phone.logs.mockResolvedValue({ items: [entry({ viewedBy: EMMA, viewedOn: '2026-11-26T15:05:00.000Z' })], total: 1 });
  await userEvent.click(within(row).getByRole('button', { name: /Mark reviewed/ }));
  expect(confirm).toHaveBeenCalledWith('Mark call as reviewed?');
  expect(phone.review).toHaveBeenCalledWith('c1', true);
  await screen.findByRole('button', { name: 'Reviewed by Emma Ellis' });

  await userEvent.click(screen.getByRole('button', { name: 'Reviewed by Emma Ellis' }));
  expect(confirm).toHaveBeenLastCalledWith('Unmark call as reviewed?');
  expect(phone.review).toHaveBeenLastCalledWith('c1', false);
});

test('another person’s review cannot be undone here, and All asks for every call', async () => {
  phone.logs.mockResolvedValue({ items: [entry({ viewedBy: { ...EMMA, id: 'someone-else', firstName: 'Olivia', lastName: 'Owens' } })], total: 1 });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('button', { name: 'Reviewed by Olivia Owens' })).toBeDisabled();
  await userEvent.click(screen.getByText('All'));
  await waitFor(() => expect(phone.logs).toHaveBeenLastCalledWith({ view: 'all', page: 1, limit: 25, phoneNumber: undefined }));
});

test('shows what waits for review at each location, and follows phone_location_workCount', async () => {
  phone.logs.mockResolvedValue({ items: [], total: 0 });
  phone.workCount.mockResolvedValueOnce({
    count: 3,
    locations: [
      { locationId: 'l1', name: 'Austin', count: 2 },
      { locationId: 'l2', name: 'Round Rock', count: 1 },
    ],
  });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  const group = await screen.findByRole('group', { name: 'Calls to review by location' });
  expect(group).toHaveTextContent('Austin · 2');
  expect(group).toHaveTextContent('Round Rock · 1');
  hostControls().receive({ event: 'phone_location_workCount', payload: { locations: [{ locationId: 'l1', name: 'Austin', count: 2 }] } });
  await waitFor(() => expect(group).not.toHaveTextContent('Round Rock'));
  expect(phone.workCount).toHaveBeenCalledTimes(1);
});

test('the Recordings view asks for the calls with a recording, and says so when it cannot', async () => {
  phone.logs.mockResolvedValue({ items: [], total: 0 });
  phone.recordings.mockRejectedValue(new Error('Network Error'));
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByText('Recordings', { exact: true }));
  await waitFor(() => expect(phone.recordings).toHaveBeenCalledWith({ page: 1, limit: 25, phoneNumber: undefined }));
  expect(await screen.findByText(/^Unable to get recordings\.\s+Network Error$/)).toBeInTheDocument();
});

test('a call that became a conference shows who joined it (up to 3 avatars)', async () => {
  const olivia = { id: 'o1', firstName: 'Olivia', lastName: 'Owens', avatar: null };
  phone.logs.mockResolvedValue({
    items: [
      entry({
        status: 'completed',
        user: EMMA,
        conference: {
          participants: [
            { user: EMMA, phoneNumber: null, duration: 65 },
            { user: null, phoneNumber: '15125550142', duration: 65 },
            { user: olivia, phoneNumber: null, duration: 20 },
          ],
        },
      }),
    ],
    total: 1,
  });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  expect(await screen.findByLabelText('Olivia Owens')).toHaveTextContent('OO');
  expect(screen.getByLabelText('Emma Ellis')).toBeInTheDocument();
  expect(screen.getByLabelText('+1-512-555-0142')).toBeInTheDocument();
});

test('filters by direction and status, leaving out the ones not chosen', async () => {
  phone.logs.mockResolvedValue({ items: [entry()], total: 1 });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  await screen.findByText('James Carter');
  await userEvent.click(screen.getByRole('combobox', { name: 'Direction' }));
  await userEvent.click(await screen.findByTitle('Outgoing'));
  await waitFor(() => expect(phone.logs).toHaveBeenLastCalledWith({ view: 'missed', page: 1, limit: 25, phoneNumber: undefined, direction: 'outgoing' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
  await userEvent.click(await screen.findByTitle('No answer'));
  await waitFor(() =>
    expect(phone.logs).toHaveBeenLastCalledWith({ view: 'missed', page: 1, limit: 25, phoneNumber: undefined, direction: 'outgoing', status: 'no-answer' }),
  );
});

test("the Recordings view has the spec's columns: Date, Client, Tags, Format, Duration, Recording, Worked, Action", async () => {
  phone.logs.mockResolvedValue({ items: [], total: 0 });
  phone.recordings.mockResolvedValue({ items: [entry({ format: 'voicemail', recording: { sid: 'RE1', duration: 42 }, callDuration: 50 })], total: 1 });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByText('Recordings', { exact: true }));
  const row = (await screen.findByText('James Carter')).closest('tr')!;
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Date',
    'Client',
    'Tags',
    'Format',
    'Duration',
    'Recording',
    'Worked',
    'Action',
  ]);
  expect(within(row).getByText('Voicemail')).toBeInTheDocument();
  expect(within(row).getAllByText('42s')[0]!.tagName).toBe('TD');
  expect(within(row).getByText('2')).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Direction' })).not.toBeInTheDocument();
});

test("blocks a caller's number with a reason, the plus sign left out", async () => {
  const { phoneBlockApi } = jest.requireMock<typeof import('../../testing/apiClientMock')>('@agency/api-client');
  phoneBlockApi.add.mockResolvedValue({});
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  phone.logs.mockResolvedValue({ items: [entry()], total: 1 });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  const row = (await screen.findByText('James Carter')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Block +1-512-555-0142' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Block Phone Number')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Reason For Blocking'), 'Robocalls');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
  await waitFor(() => expect(phoneBlockApi.add).toHaveBeenCalledWith({ phoneNumber: '15125550142', reason: 'Robocalls' }));
  await waitFor(() => expect(toasts).toContain('+1-512-555-0142 added to block list'));
  sub.unsubscribe();
});

test('shows what the carrier said of each caller: verified, spam or fraud, named and explained', async () => {
  phone.logs.mockResolvedValue({
    items: [
      entry({ verification: 'verified' }),
      entry({ id: 'c2', phoneNumber: '15125550143', client: null, verification: 'fraud' }),
      entry({ id: 'c3', phoneNumber: '15125550144', client: null, verification: null }),
    ],
    total: 3,
  });
  render(
    <MemoryRouter>
      <PhoneLogPage />
    </MemoryRouter>,
  );
  const verified = (await screen.findByText('James Carter')).closest('tr')!;
  expect(within(verified).getByRole('img', { name: 'Verified caller' })).toBeInTheDocument();
  const fraud = screen.getByText('+1-512-555-0143').closest('tr')!;
  await userEvent.hover(within(fraud).getByRole('img', { name: 'Fraud caller' }));
  expect(await screen.findByRole('tooltip')).toHaveTextContent("The caller's number failed verification: it may be spoofed");
  const silent = screen.getByText('+1-512-555-0144').closest('tr')!;
  expect(within(silent).queryByRole('img', { name: /caller$/ })).not.toBeInTheDocument();
});
