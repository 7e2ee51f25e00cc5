import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ClientListItem } from '@agency/contracts';
import { currentLocation, renderAt } from '../test/router';
import { clientHit, HeaderSearch, type SearchSource } from './HeaderSearch';

const userEvent = userEventLib.setup({ delay: null });

const people: SearchSource = {
  key: 'contacts',
  label: 'Contacts',
  find: jest.fn(async (text: string) =>
    ['James Carter', 'Linda Carter']
      .filter((n) => n.toLowerCase().includes(text.toLowerCase()))
      .map((n, i) => ({ id: `c${i}`, title: n, detail: '', to: `/contacts/contact/c${i}` })),
  ),
};
const texts: SearchSource = {
  key: 'messages',
  label: 'Messages',
  find: jest.fn(async () => [{ id: 'r1', title: 'James Carter', detail: 'Can you call me about my renewal?', to: '/messages/r1' }]),
};

beforeEach(() => jest.clearAllMocks());

test('finds people in each tab with its count, and Enter opens the chosen row', async () => {
  renderAt('/', '/', <HeaderSearch sources={[people, texts]} />);
  const box = screen.getByRole('combobox', { name: 'Find contacts and texts' });
  await userEvent.type(box, 'carter');
  expect(await screen.findByRole('tab', { name: 'Contacts (2)' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Messages (1)' })).toBeInTheDocument();
  expect(screen.getAllByRole('option')).toHaveLength(2);

  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  expect(screen.getByRole('option', { name: /Linda Carter/ })).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(currentLocation.pathname).toBe('/contacts/contact/c1'));
});

test('a tab that found nothing gives way to one that did', async () => {
  renderAt('/', '/', <HeaderSearch sources={[people, texts]} />);
  await userEvent.type(screen.getByRole('combobox', { name: 'Find contacts and texts' }), 'renewal');
  expect(await screen.findByRole('tab', { name: 'Contacts (0)' })).toHaveAttribute('aria-selected', 'false');
  expect(screen.getByRole('tab', { name: 'Messages (1)' })).toHaveAttribute('aria-selected', 'true');
});

test('the arrow keys move to the next tab, whose row opens the room', async () => {
  renderAt('/', '/', <HeaderSearch sources={[people, texts]} />);
  await userEvent.type(screen.getByRole('combobox', { name: 'Find contacts and texts' }), 'carter');
  await screen.findByRole('tab', { name: 'Messages (1)' });
  await userEvent.keyboard('{ArrowDown}{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Messages (1)' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('option', { name: /renewal/ })).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(currentLocation.pathname).toBe('/messages/r1'));
});

test('waits for two characters, says when nothing is found, and Escape closes', async () => {
  renderAt('/', '/', <HeaderSearch sources={[people]} />);
  const box = screen.getByRole('combobox', { name: 'Find contacts and texts' });
  await userEvent.type(box, 'z');
  expect(people.find).not.toHaveBeenCalled();
  await userEvent.type(box, 'q');
  expect(await screen.findByText('Nothing found for “zq”')).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});

test('a client row shows both people, then company, phone and email', () => {
  const c = {
    id: 'x',
    firstName: 'James',
    preferredFirstName: 'Jim',
    lastName: 'Carter',
    companyName: 'Carter Hauling',
    coFirstName: 'Linda',
    coPreferredFirstName: null,
    coLastName: 'Carter',
    email: 'jim@example.test',
    phone: null,
    mobilePhone: '15125550101',
    coMobilePhone: null,
  } as unknown as ClientListItem;
  expect(clientHit(c)).toEqual({
    id: 'x',
    title: 'Jim Carter & Linda Carter',
    detail: 'Carter Hauling · +1-512-555-0101 · jim@example.test',
    to: '/contacts/contact/x',
  });
});

test('on a phone the search is a button: it opens the box with the keyboard in it, and Close (or Escape) gives the keyboard back', async () => {
  renderAt('/', '/', <HeaderSearch sources={[people, texts]} compact />);
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Find contacts and texts' }));
  const box = screen.getByRole('combobox', { name: 'Find contacts and texts' });
  expect(box).toHaveFocus();
  await userEvent.type(box, 'carter');
  expect(await screen.findByRole('tab', { name: 'Contacts (2)' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Find contacts and texts' })).toHaveFocus();

  await userEvent.click(screen.getByRole('button', { name: 'Find contacts and texts' }));
  expect(screen.getByRole('combobox', { name: 'Find contacts and texts' })).toHaveValue('');
  await userEvent.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Find contacts and texts' })).toHaveFocus();
});

test('on a phone a found row opens its page and folds the box back into the button', async () => {
  renderAt('/', '/', <HeaderSearch sources={[people, texts]} compact />);
  await userEvent.click(screen.getByRole('button', { name: 'Find contacts and texts' }));
  await userEvent.type(screen.getByRole('combobox', { name: 'Find contacts and texts' }), 'linda');
  // the only one found: the first row
  await userEvent.click(await screen.findByRole('option', { name: /Linda Carter/ }));
  await waitFor(() => expect(currentLocation.pathname).toBe('/contacts/contact/c0'));
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
});
