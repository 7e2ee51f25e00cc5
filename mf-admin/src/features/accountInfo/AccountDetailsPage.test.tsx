import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, hostControls } from '@agency/bus';
import { accountsApi, ApiRequestError } from '@agency/api-client';
import type { AccountInfo } from '@agency/contracts';
import { AccountInfoLayout } from './AccountInfoLayout';
import { demoAccount, demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = accountsApi as jest.Mocked<typeof accountsApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const INFO: AccountInfo = {
  name: 'Demo Insurance Agency',
  timezone: 'America/New_York',
  legalName: 'Demo Insurance Agency LLC',
  email: 'hello@demoinsurance.example',
  phone: '15125550100',
  website: 'https://demoinsurance.example',
  address: '500 Congress Ave',
  address2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
};
const page = () =>
  render(
    <MemoryRouter initialEntries={['/account/info']}>
      <Routes>
        <Route path="/account/info/*" element={<AccountInfoLayout />} />
      </Routes>
    </MemoryRouter>,
  );
let toasts: string[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  api.info.mockResolvedValue(INFO);
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t.message));
});
afterEach(() => sub.unsubscribe());

test('Account opens on Settings with the agency details, every field labelled; Save waits for a change', async () => {
  page();
  expect(await screen.findByLabelText('Agency Name')).toHaveValue('Demo Insurance Agency');
  expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
  expect(screen.getByLabelText('Legal Name')).toHaveValue('Demo Insurance Agency LLC');
  expect(screen.getByLabelText('Phone')).toHaveValue('+1-512-555-0100');
  for (const label of ['Time Zone', 'Email', 'Website', 'Address', 'Address 2', 'City', 'State', 'Zip Code'])
    expect(screen.getByLabelText(label)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(api.info).toHaveBeenCalledWith(demoAccount().id);
});

test('says what is wrong before sending, then saves and puts the new name into the session', async () => {
  api.updateInfo.mockImplementation(async (_id, body) => ({ ...INFO, ...body, phone: '15125550199', state: body.state ?? '' }) as AccountInfo);
  page();
  await screen.findByLabelText('Agency Name');
  await fill('Zip Code', '7870');
  await fill('Website', 'demoinsurance.example');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Zip code must be 5 digits (or 5+4)')).toBeInTheDocument();
  // each field's check settles on its own: the second message may draw a render after the first
  expect(await screen.findByText('Enter a full address starting with http:// or https://')).toBeInTheDocument();
  expect(api.updateInfo).not.toHaveBeenCalled();

  await fill('Zip Code', '78701-1234');
  await fill('Website', 'https://demo.example');
  await fill('Agency Name', 'Capitol Insurance');
  await fill('Phone', '512 555 0199');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toasts).toContain('Account details saved'));
  expect(api.updateInfo).toHaveBeenCalledWith(
    demoAccount().id,
    expect.objectContaining({ name: 'Capitol Insurance', zipcode: '78701-1234', website: 'https://demo.example', phone: '512 555 0199' }),
  );
  expect(bus.session$.value?.account.name).toBe('Capitol Insurance');
  expect(screen.getByLabelText('Phone')).toHaveValue('+1-512-555-0199');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
});

test('a refused save keeps what was typed and says why; a failed load offers a retry', async () => {
  api.updateInfo.mockRejectedValue(new ApiRequestError('Choose a time zone from the list', 400));
  page();
  await screen.findByLabelText('Agency Name');
  await fill('City', 'Round Rock');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toasts).toContain('Unable to save account details: Choose a time zone from the list'));
  expect(screen.getByLabelText('City')).toHaveValue('Round Rock');

  api.info.mockRejectedValueOnce(new ApiRequestError('Network Connection Issue', null));
  page();
  expect(await screen.findByText('Unable to load account details: Network Connection Issue')).toBeInTheDocument();
});
