import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ClientListItem } from '@agency/contracts';
import { Dialer } from './Dialer';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const { clientsApi } = jest.requireMock<typeof import('../../testing/apiClientMock')>('@agency/api-client');

const client = (over: Partial<ClientListItem>): ClientListItem => ({
  id: 'c-james',
  firstName: 'James',
  preferredFirstName: null,
  lastName: 'Carter',
  companyName: null,
  coFirstName: null,
  coPreferredFirstName: null,
  coLastName: null,
  email: null,
  phone: null,
  mobilePhone: '(512) 555-0142',
  coMobilePhone: null,
  hasDual: false,
  isFavorite: true,
  letter: 'j',
  ...over,
});

beforeEach(() => jest.resetAllMocks());

test("Favorites lists the person's favorite contacts with their numbers, and calls one as the keypad would, as that contact's call", async () => {
  clientsApi.list.mockResolvedValue({
    items: [
      client({ phone: '512-555-0199', coMobilePhone: '5125550142' }),
      client({ id: 'c-acme', firstName: null, lastName: null, companyName: 'Acme Roofing', mobilePhone: null }),
    ],
    total: 2,
    nextCursor: null,
  });
  const onDial = jest.fn();
  render(<Dialer ready onDial={onDial} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
  const list = await screen.findByRole('list', { name: 'Favorites' });
  expect(clientsApi.list).toHaveBeenCalledWith({ favorites: true, limit: 500 });
  const james = within(list).getByRole('listitem', { name: 'James Carter' });
  // The co-applicant's mobile is the same number as the mobile: listed once.
  expect(within(james).getAllByRole('button', { name: /^Call James Carter at/ })).toHaveLength(2);
  expect(within(list).getByRole('listitem', { name: 'Acme Roofing' })).toHaveTextContent('No phone number');
  await userEvent.click(within(james).getByRole('button', { name: 'Call James Carter at +1-512-555-0199' }));
  expect(onDial).toHaveBeenCalledWith('15125550199', 'James Carter', 'c-james');
});

test('Favorites says when there are none, shows a failure, and reads the list again each time the tab opens', async () => {
  clientsApi.list.mockResolvedValueOnce({ items: [], total: 0, nextCursor: null }).mockRejectedValueOnce(new Error('Network Issue'));
  render(<Dialer ready={false} onDial={jest.fn()} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
  expect(await screen.findByText('No favorite contacts yet')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Dialpad' }));
  await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Network Issue');
  expect(clientsApi.list).toHaveBeenCalledTimes(2);
});

test('a favorite cannot be called while the phone is not ready', async () => {
  clientsApi.list.mockResolvedValue({ items: [client({})], total: 1, nextCursor: null });
  render(<Dialer ready={false} onDial={jest.fn()} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
  expect(await screen.findByRole('button', { name: 'Call James Carter at +1-512-555-0142' })).toBeDisabled();
});

test('a number typed on the keyboard shows as typed, keeps its 11th digit, dials itself on Enter, and Backspace takes one digit', async () => {
  const onDial = jest.fn();
  render(<Dialer ready onDial={onDial} />);
  const box = screen.getByLabelText('Phone number');
  await userEvent.type(box, '1512555999');
  expect(box).toHaveValue('+1-512-555-999');
  await userEvent.type(box, '9');
  expect(box).toHaveValue('+1-512-555-9999');
  await userEvent.type(box, '{Backspace}');
  expect(box).toHaveValue('+1-512-555-999');
  await userEvent.type(box, '8{Enter}');
  expect(onDial).toHaveBeenCalledWith('15125559998');
});

test('an edit in the middle keeps the caret where the person types, and a number without its 1 gets it', async () => {
  render(<Dialer ready onDial={jest.fn()} />);
  const box = screen.getByLabelText<HTMLInputElement>('Phone number');
  await userEvent.type(box, '5125550142');
  expect(box).toHaveValue('+1-512-555-0142');
  // Backspace just after the separator before 555 takes the 2 of 512; the next digit goes there.
  await userEvent.type(box, '{Backspace}7', { initialSelectionStart: 7, initialSelectionEnd: 7 });
  expect(box).toHaveValue('+1-517-555-0142');
  expect(box.selectionStart).toBe(6);
});
