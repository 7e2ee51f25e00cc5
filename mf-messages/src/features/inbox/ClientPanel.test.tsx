import { act, render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { hostControls } from '@agency/bus';
import type { Account, Activity, ClientFull, Quote, Session, SmsRoom } from '@agency/contracts';
import { activityApi, clientsApi } from '@agency/api-client';
import { ClientPanel, panelForms } from './ClientPanel';

jest.mock('@agency/api-client', () => ({
  clientsApi: { full: jest.fn() },
  activityApi: { list: jest.fn() },
  errorMessage: (err: unknown) => (err as Error).message,
}));
const gathering = (gatheringForms: string) => hostControls().setSession({ account: { gatheringForms } as Account } as Session);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const room: SmsRoom = {
  id: 'r1',
  phoneNumber: '15125550142',
  agencyNumber: '15125550001',
  client: { id: 'c1', name: 'James Carter', level: 'primary' },
  status: 'open',
  lastMessageOn: null,
  lastMessage: '',
  unread: 0,
  favorited: [],
  assignedTo: null,
  optedOut: false,
};
const meta = { client: 'c1', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const full = {
  client: { id: 'c1', firstName: 'James', lastName: 'Carter' },
  tags: [
    { id: 't1', name: 'VIP', format: 'static', isActive: true, matches: false },
    { id: 't2', name: 'Renewal', format: 'static', isActive: false, matches: false },
  ],
  dependents: [{ id: 'd1', firstName: 'Lily', lastName: 'Carter', relationship: 'Daughter', age: 9 }],
  addresses: [{ id: 'a1', type: 'Physical', address: '12 Oak St', address2: null, city: 'Austin', state: 'TX', zipcode: '78701' }],
  policies: [{ id: 'p1', type: 'Auto', company: 'Acme Mutual', plan: 'Full', premium: 12050 }],
  quotes: [
    { id: 'q1', form: 'auto', year: 2019, make: 'Toyota', model: 'Camry', vin: null, ...meta },
    { id: 'q2', form: 'home', address: '99 Elm Rd', city: 'Austin', yearBuilt: 1998, ...meta },
  ] as unknown as Quote[],
} as unknown as ClientFull;
const activity = [
  { id: 'n1', client: 'c1', type: 'note', note: 'Asked about roadside cover', createdAt: '2026-11-20T15:00:00.000Z', user: null },
] as unknown as Activity[];

const show = (over: Partial<SmsRoom> = {}) =>
  render(
    <MemoryRouter>
      <ClientPanel room={{ ...room, ...over }} />
    </MemoryRouter>,
  );

afterEach(() => hostControls().setSession(null));
beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(clientsApi.full).mockResolvedValue(full);
  jest.mocked(activityApi.list).mockResolvedValue(activity);
});

test('gatheringForms decides the record tabs; all opens every one', () => {
  expect(panelForms('address, home')).toEqual({ addresses: true, policies: false, vehicles: false, homes: true });
  expect(panelForms('all')).toEqual({ addresses: true, policies: true, vehicles: true, homes: true });
  expect(panelForms('')).toEqual({ addresses: false, policies: false, vehicles: false, homes: false });
});

test('the room client shows in tabs: tags, activity, dependents and the forms the account gathers', async () => {
  act(() => gathering('address,policy,auto,home'));
  show();
  const tabs = await screen.findByRole('tablist');
  expect(
    within(tabs)
      .getAllByRole('tab')
      .map((t) => t.textContent),
  ).toEqual(['Tags', 'Activity', 'Dependents', 'Addresses', 'Policies', 'Vehicles', 'Homes']);
  expect(clientsApi.full).toHaveBeenCalledWith('c1');
  expect(activityApi.list).toHaveBeenCalledWith('c1', { limit: 10 });

  // Tags: the assigned ones only.
  expect(screen.getByText('VIP')).toBeInTheDocument();
  expect(screen.queryByText('Renewal')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('tab', { name: 'Activity' }));
  expect(await screen.findByText('Asked about roadside cover')).toBeVisible();
  await userEvent.click(screen.getByRole('tab', { name: 'Dependents' }));
  expect(await screen.findByText('Lily Carter')).toBeVisible();
  expect(screen.getByText('Daughter age 9')).toBeVisible();
  await userEvent.click(screen.getByRole('tab', { name: 'Addresses' }));
  expect(await screen.findByText('12 Oak St Austin TX 78701')).toBeVisible();
  await userEvent.click(screen.getByRole('tab', { name: 'Policies' }));
  expect(await screen.findByText('Auto Acme Mutual')).toBeVisible();
  await userEvent.click(screen.getByRole('tab', { name: 'Vehicles' }));
  expect(await screen.findByText('2019 Toyota Camry')).toBeVisible();
  await userEvent.click(screen.getByRole('tab', { name: 'Homes' }));
  expect(await screen.findByText('99 Elm Rd Austin')).toBeVisible();
  expect(screen.getByText('Built 1998')).toBeVisible();
});

test('an account that gathers only addresses shows no policy, vehicle or home tab', async () => {
  act(() => gathering('address'));
  show();
  const tabs = await screen.findByRole('tablist');
  expect(
    within(tabs)
      .getAllByRole('tab')
      .map((t) => t.textContent),
  ).toEqual(['Tags', 'Activity', 'Dependents', 'Addresses']);
});

test('a room with an unknown number loads nothing and offers Create Contact', () => {
  act(() => gathering('all'));
  show({ client: null });
  expect(screen.getByRole('link', { name: 'Create Contact' })).toHaveAttribute('href', '/contacts/contact/new?room=r1&mobilePhone=15125550142');
  expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  expect(clientsApi.full).not.toHaveBeenCalled();
});

test('a failed load says why', async () => {
  act(() => gathering('all'));
  jest.mocked(clientsApi.full).mockRejectedValue(new Error('Client not found'));
  show();
  expect(await screen.findByText('Client not found')).toBeInTheDocument();
});
