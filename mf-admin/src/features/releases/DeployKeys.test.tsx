import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { DeployKey } from '@agency/contracts';
import { DeployKeys, deployKeysApi } from './DeployKeys';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = { list: jest.spyOn(deployKeysApi, 'list'), create: jest.spyOn(deployKeysApi, 'create'), revoke: jest.spyOn(deployKeysApi, 'revoke') };
const userEvent = userEventLib.setup({ delay: null });

const key = (over: Partial<DeployKey> = {}): DeployKey => ({
  id: '6b1f0c6e-0000-4000-8000-000000000001',
  label: 'Contacts team CI',
  names: ['contacts'],
  createdBy: 'super@demo.test',
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: '2099-03-01T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  api.list = jest.spyOn(deployKeysApi, 'list');
  api.create = jest.spyOn(deployKeysApi, 'create');
  api.revoke = jest.spyOn(deployKeysApi, 'revoke');
  api.list.mockResolvedValue([key(), key({ id: '6b1f0c6e-0000-4000-8000-000000000002', label: 'Old pipeline', revokedAt: '2026-12-02T10:00:00.000Z' })]);
});

test('lists each key with what it publishes and whether it is live; a revoked key has no Revoke', async () => {
  render(<DeployKeys />);
  const [live, revoked] = await screen.findAllByRole('listitem');
  expect(live).toHaveTextContent('Contacts team CI');
  expect(live).toHaveTextContent('Publishes Contacts');
  expect(live).toHaveTextContent('never used');
  expect(within(live!).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  expect(revoked).toHaveTextContent(/Revoked/);
  expect(within(revoked!).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
});

test('a new key asks for a label and what it may publish, then shows its secret once', async () => {
  api.create.mockResolvedValue({ key: key({ label: 'Chat team' }), secret: 'adk_0123456789abcdef0123456789abcdef_secret' });
  render(<DeployKeys />);
  await userEvent.click(await screen.findByRole('button', { name: 'New Deploy Key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New deploy key' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await within(dialog).findByText('Name the team or pipeline the key is for')).toBeInTheDocument();
  expect(await within(dialog).findByText('Choose what the key may publish')).toBeInTheDocument();
  expect(api.create).not.toHaveBeenCalled();
  await userEvent.type(within(dialog).getByLabelText('Team or pipeline'), 'Chat team');
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Team chat' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(api.create).toHaveBeenCalledWith({ label: 'Chat team', names: ['chat'], expiresInDays: 90 }));
  const shown = await screen.findByRole('dialog', { name: 'Deploy key for Chat team' });
  expect(within(shown).getByText('Copy the key now: it is not shown again.')).toBeInTheDocument();
  expect(within(shown).getByText('adk_0123456789abcdef0123456789abcdef_secret')).toBeInTheDocument();
  await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText('adk_0123456789abcdef0123456789abcdef_secret')).not.toBeInTheDocument());
});

test('Revoke asks first', async () => {
  api.revoke.mockResolvedValue(key({ revokedAt: '2026-12-07T10:00:00.000Z' }));
  render(<DeployKeys />);
  const [live] = await screen.findAllByRole('listitem');
  await userEvent.click(within(live!).getByRole('button', { name: 'Revoke' }));
  const confirm = await screen.findByRole('dialog', { name: 'Revoke "Contacts team CI"?' });
  expect(api.revoke).not.toHaveBeenCalled();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(api.revoke).toHaveBeenCalledWith('6b1f0c6e-0000-4000-8000-000000000001'));
});
