import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { templatesApi, ApiRequestError } from '@agency/api-client';
import type { MessageTemplate } from '@agency/contracts';
import { TemplatesPage } from './TemplatesPage';
import { counterText, dropMentionSigns } from './TemplateDialog';
import { captureFeedback, demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const templates = templatesApi as jest.Mocked<typeof templatesApi>;
// antd keeps the table's loading overlay class for a moment after the rows arrive
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const template = (over: Partial<MessageTemplate>): MessageTemplate => ({
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Welcome',
  template: 'Welcome {{firstName}}!',
  group: 'team',
  format: 'message',
  userId: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const WELCOME = template({});
const MINE = template({
  id: '30000000-0000-4000-8000-000000000002',
  name: 'My note',
  template: 'Hi {{contact}}',
  group: 'personal',
  userId: '00000000-0000-4000-9000-000000000003',
});

let feedback: ReturnType<typeof captureFeedback>;
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  templates.list.mockResolvedValue([MINE, WELCOME]);
  feedback = captureFeedback();
});
afterEach(() => feedback.stop());

test('counts characters and SMS segments', () => {
  expect(counterText('')).toBe('0 / 1530 characters · 0 SMS segments');
  expect(counterText('x'.repeat(160))).toBe('160 / 1530 characters · 1 SMS segment');
  expect(counterText('x'.repeat(161))).toBe('161 / 1530 characters · 2 SMS segments');
  expect(counterText('Hi 😀')).toBe('5 / 1530 characters · 1 SMS segment (Unicode: 70 characters per segment)');
  expect(counterText('é'.repeat(71) + '—')).toBe('72 / 1530 characters · 2 SMS segments (Unicode: 70 characters per segment)');
});

test('a placeholder picked after @ keeps no @', () => {
  expect(dropMentionSigns('Hi @{{firstName}} at @home')).toBe('Hi {{firstName}} at @home');
});

test('lists team and personal templates with their segments', async () => {
  render(<TemplatesPage />);
  const row = (await screen.findByText('Welcome')).closest('tr')!;
  expect(within(row).getByText('Team')).toBeInTheDocument();
  expect(within(screen.getByText('My note').closest('tr')!).getByText('Only me')).toBeInTheDocument();
  expect(templates.list).toHaveBeenCalledWith('message');
});

test('a failed load says so', async () => {
  templates.list.mockRejectedValue(new ApiRequestError('down', 500));
  render(<TemplatesPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load templates');
});

test('creates a team template with a placeholder from the buttons; the counter follows', async () => {
  templates.create.mockResolvedValue(template({ name: 'Renewal' }));
  render(<TemplatesPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Add Template/ }));
  const dialog = await screen.findByRole('dialog');
  await fill(/^Name$/, 'Renewal');
  await fill('Message', 'Hi ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Insert First Name' }));
  expect(screen.getByLabelText('Message')).toHaveValue('Hi {{firstName}}');
  expect(within(dialog).getByRole('status')).toHaveTextContent('16 / 1530 characters · 1 SMS segment');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(templates.create).toHaveBeenCalledWith({ name: 'Renewal', template: 'Hi {{firstName}}', group: 'team', format: 'message' }));
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Template Renewal was saved' });
});

test("a renewal text's placeholders ({{policyType}}, {{termDate}}, {{agent}}) are known", async () => {
  templates.update.mockResolvedValue(template({ name: 'Welcome' }));
  render(<TemplatesPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
  const dialog = await screen.findByRole('dialog');
  const text = 'Your {{policyType}} ends {{termDate}}; {{agent}} will call.';
  await fill('Message', text);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(templates.update).toHaveBeenCalledWith(WELCOME.id, { name: 'Welcome', template: text }));
  expect(within(dialog).queryByText(/Unknown placeholder/)).not.toBeInTheDocument();
});

test('refuses an unknown placeholder before saving, and reports a server refusal in the catalogue words', async () => {
  templates.update.mockRejectedValue(new ApiRequestError('A template named My note already exists', 409));
  render(<TemplatesPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
  const dialog = await screen.findByRole('dialog');
  await fill('Message', 'Hi {{ssn}}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Unknown placeholder: {{ssn}}')).toBeInTheDocument();
  expect(templates.update).not.toHaveBeenCalled();
  await fill('Message', 'Hi {{firstName}}');
  await fill(/^Name$/, 'My note');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(templates.update).toHaveBeenCalledWith(WELCOME.id, { name: 'My note', template: 'Hi {{firstName}}' }));
  expect(feedback.toasts).toContainEqual({ kind: 'error', message: 'Unable to save or delete template: A template named My note already exists' });
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('deletes after confirmation', async () => {
  templates.remove.mockResolvedValue({ message: 'Template Deleted' });
  render(<TemplatesPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Welcome' }));
  await waitFor(() => expect(templates.remove).toHaveBeenCalledWith(WELCOME.id));
  expect(feedback.confirms).toEqual(['Delete template Welcome?']);
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Template Welcome was deleted' });
});

test('employees manage only their personal templates and create personal ones', async () => {
  hostControls().setSession(demoSession({ role: 'employee' }));
  templates.create.mockResolvedValue(MINE);
  render(<TemplatesPage />);
  expect(await screen.findByRole('button', { name: 'Edit My note' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Welcome' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /Add Template/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('radio', { name: 'Team' })).toBeDisabled();
  expect(within(dialog).getByRole('radio', { name: 'Only me' })).toBeChecked();
  await fill(/^Name$/, 'Mine');
  await fill('Message', 'Hello');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(templates.create).toHaveBeenCalledWith({ name: 'Mine', template: 'Hello', group: 'personal', format: 'message' }));
});
