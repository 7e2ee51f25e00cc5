import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@agency/contracts';
import { clientsApi, usersApi } from '@agency/api-client';
import { emptyFull, renderWith } from '../../test/render';
import { AssignToDialog } from './AssignToDialog';

jest.mock('@agency/api-client', () => ({
  clientsApi: { update: jest.fn() },
  usersApi: { list: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const EMMA = { id: '00000000-0000-4000-9000-000000000003', firstName: 'Emma', lastName: 'Ellis' } as User;
const update = clientsApi.update as jest.Mock;

beforeEach(() => {
  (usersApi.list as jest.Mock).mockResolvedValue([EMMA]);
  update.mockReset().mockResolvedValue({});
});

test('Save waits until someone is picked, then assigns the contact to them', async () => {
  const user = userEvent.setup();
  renderWith(<AssignToDialog open onClose={jest.fn()} />, { full: emptyFull() });
  await screen.findByRole('dialog', { name: 'Assign To' });
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await user.click(screen.getByLabelText('Managed By'));
  await user.click(await screen.findByTitle(/Emma/));
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(update).toHaveBeenCalledWith(emptyFull().client.id, expect.objectContaining({ managedBy: EMMA.id })));
});

test('an assigned contact may be unassigned: clearing leaves Save on', async () => {
  renderWith(<AssignToDialog open onClose={jest.fn()} />, { full: emptyFull({ managedBy: EMMA.id }) });
  await screen.findByRole('dialog', { name: 'Assign To' });
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});
