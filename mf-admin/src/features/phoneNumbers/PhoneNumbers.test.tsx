import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { billingApi, locationsApi, numbersApi, phonesApi } from '@agency/api-client';
import { campaignStatusLabel, PHONE_MESSAGES, type MessagingService } from '@agency/contracts';
import { PhoneNumbersPage } from './PhoneNumbersPage';
import { demoSession } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const service = (over: Partial<MessagingService> = {}): MessagingService => ({
  sid: 'MG1',
  friendlyName: 'Austin Client Care',
  usecase: 'discussion',
  location: { id: 'l1', name: 'Austin' },
  campaign: {
    status: 'VERIFIED',
    errors: [],
    campaignId: 'CM1',
    a2pUseCase: 'DISCUSSION',
    optInKeywords: [],
    optOutKeywords: [],
    optOutMessage: '',
    helpKeywords: [],
    helpMessage: '',
  },
  registered: true,
  assigned: [{ sid: 'PN1' }],
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

test('campaign statuses read Pending Approval, Rejected, Verified or Not Registered', () => {
  const base = service();
  expect(campaignStatusLabel(base)).toBe('Verified');
  expect(campaignStatusLabel({ ...base, campaign: { ...base.campaign!, status: 'IN_PROGRESS' } })).toBe('Pending Approval');
  expect(campaignStatusLabel({ ...base, campaign: { ...base.campaign!, status: 'FAILED' } })).toBe('Rejected');
  expect(campaignStatusLabel({ ...base, registered: false, campaign: null })).toBe('Not Registered');
});

test('a rejected campaign shows its reasons; at the plan limit Purchase says what the plan allows', async () => {
  const rejected = service({
    sid: 'MG2',
    friendlyName: 'Round Rock Service',
    campaign: { ...service().campaign!, status: 'FAILED', errors: [{ description: 'The brand is not registered.' }] },
  });
  (numbersApi.services as jest.Mock).mockResolvedValue([service(), rejected]);
  (phonesApi.list as jest.Mock).mockResolvedValue([
    {
      id: 'p1',
      sid: 'PN1',
      phoneNumber: '15125550001',
      friendlyName: 'Main',
      location: { id: 'l1', name: 'Austin' },
      messagingServiceSid: 'MG1',
      isDefault: true,
      status: 'porting-in',
      origin: 'ported',
    },
  ]);
  (locationsApi.list as jest.Mock).mockResolvedValue([]);
  (billingApi.planLimits as jest.Mock).mockResolvedValue({ maxLocations: 1, maxServices: 2, maxPhoneNumbers: 1 });
  render(<PhoneNumbersPage />);
  const reasons = await screen.findByRole('list', { name: 'Why Round Rock Service was rejected' });
  expect(within(reasons).getByText('The brand is not registered.')).toBeInTheDocument();
  // A port is pending until the carrier completes it.
  expect(screen.getByText('Port pending')).toBeInTheDocument();
  expect(screen.getByText('Campaign: Austin Client Care')).toBeInTheDocument();
  const buy = screen.getByRole('button', { name: /Port \/ Purchase/ });
  expect(buy).toBeDisabled();
  await userEvent.hover(buy.parentElement!);
  expect(await screen.findByText('Plan allows 1 phone number')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Create Campaign/ })).toBeDisabled();
  // A number porting in takes no campaign, and says why.
  await userEvent.click(screen.getByRole('button', { name: 'Edit +1-512-555-0001' }));
  expect(await screen.findByText("Can't assign campaign till porting is completed")).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Default number of its location' })).toBeDisabled();
});

test('a number in use outside a verified campaign says its texts are held', async () => {
  const pending = service({ sid: 'MG2', friendlyName: 'Round Rock Service', campaign: { ...service().campaign!, status: 'IN_PROGRESS' } });
  (numbersApi.services as jest.Mock).mockResolvedValue([service(), pending]);
  (phonesApi.list as jest.Mock).mockResolvedValue([
    {
      id: 'p1',
      sid: 'PN1',
      phoneNumber: '15125550001',
      friendlyName: 'Main',
      location: { id: 'l1', name: 'Austin' },
      messagingServiceSid: 'MG1',
      isDefault: true,
      status: 'in-use',
      origin: 'purchased',
    },
    {
      id: 'p2',
      sid: 'PN2',
      phoneNumber: '15125550003',
      friendlyName: 'Round Rock',
      location: { id: 'l2', name: 'Round Rock' },
      messagingServiceSid: 'MG2',
      isDefault: true,
      status: 'in-use',
      origin: 'purchased',
    },
    {
      id: 'p3',
      sid: 'PN3',
      phoneNumber: '15125550004',
      friendlyName: 'Spare',
      location: null,
      messagingServiceSid: null,
      isDefault: false,
      status: 'in-use',
      origin: 'purchased',
    },
  ]);
  (locationsApi.list as jest.Mock).mockResolvedValue([]);
  (billingApi.planLimits as jest.Mock).mockResolvedValue({ maxLocations: 3, maxServices: 3, maxPhoneNumbers: 3 });
  const { container } = render(<PhoneNumbersPage />);
  await screen.findByText('Campaign: Round Rock Service');
  const held = (number: string) => within(container.querySelector(`[data-phone="${number}"]`) as HTMLElement).queryByText('Texts held');
  expect(held('15125550001')).not.toBeInTheDocument();
  expect(held('15125550003')).toBeInTheDocument();
  expect(held('15125550004')).toBeInTheDocument();
  await userEvent.hover(held('15125550003')!);
  expect(await screen.findByText(PHONE_MESSAGES.textsHeld)).toBeInTheDocument();
});
