import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus } from '@agency/bus';
import { ApiRequestError, phoneBlockApi } from '@agency/api-client';
import type { BlockedNumber } from '@agency/contracts';
import { BlockedNumbersPage } from './BlockedNumbersPage';
import { fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = phoneBlockApi as jest.Mocked<typeof phoneBlockApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const row = (over: Partial<BlockedNumber> = {}): BlockedNumber => ({
  id: '00000000-0000-4000-c000-000000000001',
  phoneNumber: '15125559876',
  reason: 'Robocalls',
  addedBy: { id: '00000000-0000-4000-9000-000000000001', firstName: 'Olivia', lastName: 'Owens', avatar: null },
  createdAt: new Date(2026, 2, 7, 12).toISOString(),
  ...over,
});

let toasts: string[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  jest.resetAllMocks();
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t.message));
});
afterEach(() => sub.unsubscribe());

test('lists number, reason, added by and created date in their display formats', async () => {
  api.list.mockResolvedValue([row()]);
  render(<BlockedNumbersPage />);
  const cells = (await screen.findByText('+1-512-555-9876')).closest('tr')!;
  expect(within(cells).getByText('Robocalls')).toBeInTheDocument();
  expect(within(cells).getByText('Olivia Owens')).toBeInTheDocument();
  expect(within(cells).getByText('03/07/2026')).toBeInTheDocument();
  expect(api.list).toHaveBeenCalledTimes(1);
});

test('a failed load shows Unable to load block list', async () => {
  api.list.mockRejectedValue(new ApiRequestError('boom', 500));
  render(<BlockedNumbersPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load block list: boom');
});

test('adding: the number is masked, Submit waits for 11 digits, the plus sign is not sent', async () => {
  api.list.mockResolvedValue([]);
  api.add.mockResolvedValue(row({ id: '00000000-0000-4000-c000-000000000002', phoneNumber: '12223334444', reason: 'Spam' }));
  render(<BlockedNumbersPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Block Number/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('11 digits (ie; 12223334444)')).toBeInTheDocument();
  await fill('Phone Number', '1222333444');
  expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 (222) 333-444');
  expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  await fill('Phone Number', '+1 (222) 333-4444');
  await fill('Reason', 'Spam');
  expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(api.add).toHaveBeenCalledWith({ phoneNumber: '12223334444', reason: 'Spam' }));
  expect(toasts).toEqual(['+1-222-333-4444 added to block list']);
  expect(await screen.findByText('+1-222-333-4444')).toBeInTheDocument();
});

test('a refused add stays open and says why', async () => {
  api.list.mockResolvedValue([]);
  api.add.mockRejectedValue(new ApiRequestError('This number is already blocked', 409));
  render(<BlockedNumbersPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Block Number/ }));
  await fill('Phone Number', '12223334444');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Unable to add to block list: This number is already blocked');
});

test('removing asks first', async () => {
  api.list.mockResolvedValue([row()]);
  api.remove.mockResolvedValue({ message: 'Number unblocked' });
  const answers = [false, true];
  const confirm = bus.confirm$.subscribe((c) => c.resolve(answers.shift()!));
  render(<BlockedNumbersPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Remove +1-512-555-9876' }));
  expect(api.remove).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Remove +1-512-555-9876' }));
  await waitFor(() => expect(screen.queryByText('+1-512-555-9876')).not.toBeInTheDocument());
  expect(api.remove).toHaveBeenCalledWith(row().id);
  expect(toasts).toEqual(['+1-512-555-9876 removed from block list']);
  confirm.unsubscribe();
});
