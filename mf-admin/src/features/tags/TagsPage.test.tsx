import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { tagsApi, ApiRequestError } from '@agency/api-client';
import type { Tag } from '@agency/contracts';
import { LIVE_REFRESH_MS, TagsPage } from './TagsPage';
import { captureFeedback, demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const tags = tagsApi as jest.Mocked<typeof tagsApi>;
const userEvent = userEventLib.setup({ delay: null });

const tag = (over: Partial<Tag>): Tag => ({
  id: '10000000-0000-4000-8000-000000000001',
  name: 'VIP',
  description: '',
  queryObj: null,
  type: 'tenant',
  format: 'simple',
  assigned: 1,
  isActive: true,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const TEXAS = tag({
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Texas',
  format: 'dynamic',
  assigned: 2,
  queryObj: { mongodb: JSON.stringify({ addresses: { $elemMatch: { type: 'Physical', state: 'TX' } } }), isValid: true },
});
const VIP = tag({});

let feedback: ReturnType<typeof captureFeedback>;
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  tags.list.mockResolvedValue([TEXAS, VIP]);
  feedback = captureFeedback();
});
afterEach(() => feedback.stop());

test('lists tags as name (assigned count), marks dynamic ones and shows the active state', async () => {
  render(<TagsPage />);
  expect(await screen.findByText('Texas (2)')).toBeInTheDocument();
  expect(screen.getByText('VIP (1)')).toBeInTheDocument();
  expect(screen.getAllByLabelText('Dynamic tag')).toHaveLength(1);
  expect(screen.getByRole('switch', { name: 'Active: Texas' })).toBeChecked();
  expect(tags.list).toHaveBeenCalledWith({ sort: 'name', limit: 100 });
});

test('a failed load says so in the catalogue words', async () => {
  tags.list.mockRejectedValue(new ApiRequestError('boom', 500));
  render(<TagsPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('error loading tags');
});

test('creates a dynamic tag from the query builder, with a live count before saving', async () => {
  tags.count.mockResolvedValue(2);
  tags.create.mockResolvedValue(tag({ name: 'Lone Star', format: 'dynamic' }));
  render(<TagsPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Add Tag/ }));
  const dialog = await screen.findByRole('dialog');
  await fill('Name', 'Lone Star');
  await userEvent.click(within(dialog).getByText('Dynamic'));
  const save = within(dialog).getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await fill('Rule 1 value', 'TX');
  expect(await within(dialog).findByText('Matches 2 contacts now')).toBeInTheDocument();
  expect(tags.count).toHaveBeenLastCalledWith({ queryObj: { mongodb: '{"addresses.state":"TX"}', isValid: true } });
  expect(save).toBeEnabled();
  await userEvent.click(save);
  await waitFor(() => expect(tags.create).toHaveBeenCalled());
  expect(tags.create.mock.calls[0][0]).toMatchObject({ name: 'Lone Star', description: '', queryObj: { mongodb: '{"addresses.state":"TX"}', isValid: true } });
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Tag created' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a simple tag is created without a query; a server refusal is reported word for word', async () => {
  tags.create.mockRejectedValueOnce(new ApiRequestError('A tag named vip already exists', 409));
  render(<TagsPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Add Tag/ }));
  await fill('Name', 'vip');
  await userEvent.click(screen.getByLabelText('Name'));
  await userEvent.keyboard('{Enter}');
  await waitFor(() =>
    expect(feedback.toasts).toContainEqual({ kind: 'error', message: 'Unable to create, update or delete tag: A tag named vip already exists' }),
  );
  expect(tags.create).toHaveBeenCalledWith({ name: 'vip', description: '' });
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('edits an existing dynamic tag: its query opens in the builder and saves back unchanged', async () => {
  tags.count.mockResolvedValue(2);
  tags.update.mockResolvedValue(TEXAS);
  render(<TagsPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Texas' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('group', { name: 'Query' })).toHaveTextContent('one address');
  expect(within(dialog).getByRole('group', { name: 'Rule 1' })).toHaveTextContent('Address Type');
  expect(within(dialog).getByRole('group', { name: 'Rule 1' })).toHaveTextContent('Physical');
  expect(within(dialog).getByLabelText('Rule 2 value')).toHaveValue('TX');
  await fill('Description', 'Texans');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(tags.update).toHaveBeenCalled());
  expect(tags.update.mock.calls[0]).toEqual([
    TEXAS.id,
    { name: 'Texas', description: 'Texans', queryObj: expect.objectContaining({ mongodb: TEXAS.queryObj!.mongodb, isValid: true }) },
  ]);
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Tag updated' });
});

test('deletes after confirmation; core tags cannot be deleted', async () => {
  tags.list.mockResolvedValue([TEXAS, tag({ ...VIP, type: 'core' })]);
  tags.remove.mockResolvedValue({ message: 'Tag deleted' });
  render(<TagsPage />);
  expect(await screen.findByRole('button', { name: 'Delete VIP' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Texas' }));
  await waitFor(() => expect(tags.remove).toHaveBeenCalledWith(TEXAS.id));
  expect(feedback.confirms).toEqual(['Delete tag Texas?']);
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Tag deleted' });
});

test('pausing a tag saves its active state', async () => {
  tags.update.mockResolvedValue({ ...TEXAS, isActive: false });
  render(<TagsPage />);
  await userEvent.click(await screen.findByRole('switch', { name: 'Active: Texas' }));
  await waitFor(() => expect(tags.update).toHaveBeenCalledWith(TEXAS.id, { isActive: false }));
});

test('employees see the tags but no controls to change them', async () => {
  hostControls().setSession(demoSession({ role: 'employee' }));
  render(<TagsPage />);
  expect(await screen.findByText('Texas (2)')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add Tag/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Texas' })).not.toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Active: Texas' })).toBeDisabled();
});

test('a pushed refresh_tags or clients_update fetches the tags again, once per burst', async () => {
  render(<TagsPage />);
  expect(await screen.findByText('Texas (2)')).toBeInTheDocument();
  expect(tags.list).toHaveBeenCalledTimes(1);
  tags.list.mockResolvedValue([{ ...TEXAS, assigned: 3 }, VIP]);
  act(() => {
    hostControls().receive({ event: 'refresh_tags', payload: { tagIds: [] } });
    hostControls().receive({ event: 'clients_update', payload: { clientIds: null } });
    hostControls().receive({ event: 'refresh_tags', payload: { tagIds: [] } });
  });
  expect(await screen.findByText('Texas (3)')).toBeInTheDocument();
  expect(tags.list).toHaveBeenCalledTimes(2);
  await act(() => new Promise((r) => setTimeout(r, LIVE_REFRESH_MS + 100)));
  expect(tags.list).toHaveBeenCalledTimes(2);
});
