import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { accountsApi, billingApi, locationsApi, phonesApi, registrationApi } from '@agency/api-client';
import { locationBadge } from '@agency/contracts';
import { canOpen, firstIncomplete, stepsDone } from './LocationWizard';
import { LocationsPage } from './LocationsPage';
import { demoLocation, demoSession } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

test('a step opens once every step before it is done; the wizard starts on the first one not done', () => {
  expect(stepsDone(null)).toEqual([false, false, false, false, false, false, false]);
  const partway = stepsDone(demoLocation({ addressSid: 'AD1', businessSid: 'IT1' }));
  expect(firstIncomplete(partway)).toBe(3);
  expect(canOpen(partway, 3)).toBe(true);
  expect(canOpen(partway, 4)).toBe(false);
  const submitted = stepsDone(demoLocation({ addressSid: 'AD1', businessSid: 'IT1', rep1Sid: 'IT2', rep2Sid: 'n/a', profileStatus: 'in-review' }));
  expect(canOpen(submitted, 6)).toBe(true);
  expect(firstIncomplete(submitted)).toBe(6);
});

test('the card badge follows the profile, then the brand', () => {
  expect(locationBadge({ profileStatus: 'in-review', brandStatus: null })).toBe('Business Profile In Review');
  expect(locationBadge({ profileStatus: 'approved', brandStatus: 'not-submitted' })).toBe('Submit Brand');
  expect(locationBadge({ profileStatus: 'approved', brandStatus: null })).toBe('Submit Brand');
  expect(locationBadge({ profileStatus: 'not-submitted', brandStatus: null })).toBe('In Progress');
  expect(locationBadge({ profileStatus: 'approved', brandStatus: 'pending' })).toBe('pending');
  expect(locationBadge({ profileStatus: 'approved', brandStatus: 'approved' })).toBeNull();
});

test('cards show the timezone and numbers (default first); at the plan limit Create says what the plan allows', async () => {
  (locationsApi.list as jest.Mock).mockResolvedValue([demoLocation()]);
  (phonesApi.list as jest.Mock).mockResolvedValue([
    {
      id: 'p2',
      sid: null,
      phoneNumber: '15125550002',
      friendlyName: 'Sales',
      location: { id: demoLocation().id, name: 'Austin' },
      messagingServiceSid: null,
      isDefault: false,
      status: 'in-use',
      origin: 'purchased',
    },
    {
      id: 'p1',
      sid: null,
      phoneNumber: '15125550001',
      friendlyName: 'Main',
      location: { id: demoLocation().id, name: 'Austin' },
      messagingServiceSid: null,
      isDefault: true,
      status: 'in-use',
      origin: 'purchased',
    },
  ]);
  (billingApi.planLimits as jest.Mock).mockResolvedValue({ maxLocations: 1, maxServices: 1, maxPhoneNumbers: 1 });
  render(<LocationsPage />);
  const numbers = await screen.findByRole('list', { name: 'Austin phone numbers' });
  expect(
    within(numbers)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([expect.stringContaining('+1-512-555-0001'), expect.stringContaining('+1-512-555-0002')]);
  expect(screen.getByText('In Progress')).toBeInTheDocument();
  const create = screen.getByRole('button', { name: /Create Location/ });
  expect(create).toBeDisabled();
  await userEvent.hover(screen.getByTestId('create-location'));
  expect(await screen.findByText('Plan allows 1 location')).toBeInTheDocument();
});

const AUSTIN_ADDRESS = { legalName: 'Demo LLC', address: '1 Main', address2: '', city: 'Austin', state: 'TX', zipcode: '78701', emergencyEnabled: false };

/** One location on the page, with its address saved and the rest of its registration as given. */
function givenSavedLocation(location: ReturnType<typeof demoLocation>, registration: Record<string, unknown>) {
  (locationsApi.list as jest.Mock).mockResolvedValue([location]);
  (locationsApi.get as jest.Mock).mockResolvedValue(location);
  (phonesApi.list as jest.Mock).mockResolvedValue([]);
  (billingApi.planLimits as jest.Mock).mockResolvedValue({ maxLocations: 3, maxServices: 1, maxPhoneNumbers: 1 });
  (registrationApi.get as jest.Mock).mockResolvedValue({ address: AUSTIN_ADDRESS, ...registration });
}

test('editing opens the wizard on the first step not done, with what was saved', async () => {
  const austin = demoLocation({ addressSid: 'AD1' });
  givenSavedLocation(austin, {
    business: null,
    rep1: null,
    rep2: null,
    failures: [{ step: 'business', field: 'websiteUrl', failureReason: 'The website does not match the business name.' }],
  });
  render(<LocationsPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Austin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Austin' });
  expect(await within(dialog).findByLabelText('Business Name')).toBeInTheDocument();
  expect(within(dialog).getByText('The website does not match the business name.')).toBeInTheDocument();
  await waitFor(() => expect(registrationApi.get).toHaveBeenCalledWith(demoSession().account.id, austin.id));
});

test('a save that finishes after the owner moved to another step leaves them on the step they chose', async () => {
  const austin = demoLocation({ addressSid: 'AD1', businessSid: 'BU1' });
  givenSavedLocation(austin, {
    business: {
      businessName: 'Demo Insurance',
      businessType: 'Limited Liability Corporation',
      businessIndustry: 'INSURANCE',
      businessRegistrationIdentifier: 'EIN',
      businessRegistrationNumber: '12-3456789',
      websiteUrl: 'https://demo.example',
    },
    rep1: null,
    rep2: null,
    failures: [],
  });
  (accountsApi.get as jest.Mock).mockResolvedValue(demoSession().account);
  let finishSave: (v: unknown) => void = () => undefined;
  (registrationApi.saveAddress as jest.Mock).mockReturnValue(new Promise((resolve) => (finishSave = resolve)));
  render(<LocationsPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Austin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Austin' });
  expect(await within(dialog).findByLabelText('First Name')).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: /Address/ }));
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Save & Next' }));
  await waitFor(() => expect(registrationApi.saveAddress).toHaveBeenCalled());
  // while the address is saving, the owner opens Business
  await userEvent.click(within(dialog).getByRole('button', { name: /Business/ }));
  expect(await within(dialog).findByLabelText('Business Name')).toBeInTheDocument();
  await act(async () => {
    finishSave({});
    // the save's reload and the list's refresh settle, and React draws what they set
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(registrationApi.get).toHaveBeenCalledTimes(2);
  expect(accountsApi.get).toHaveBeenCalled();
  expect(within(dialog).getByLabelText('Business Name')).toBeInTheDocument();
  expect(within(dialog).queryByLabelText('First Name')).not.toBeInTheDocument();
});
