import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, taskBoardsApi, templatesApi, usersApi } from '@agency/api-client';
import type { MessageTemplate, RenewalSettings, TaskBoard, User } from '@agency/contracts';
import { demoSession } from '@agency/testing';
import { RenewalSettingsPage } from './RenewalSettingsPage';
import { renewalSettingsApi } from './renewalSettingsApi';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('./renewalSettingsApi', () => ({ renewalSettingsApi: { get: jest.fn(), update: jest.fn() } }));
const settings = renewalSettingsApi as jest.Mocked<typeof renewalSettingsApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const boards = taskBoardsApi as jest.Mocked<typeof taskBoardsApi>;
const templates = templatesApi as jest.Mocked<typeof templatesApi>;
const userEvent = userEventLib.setup({ delay: null });

const EMMA = '00000000-0000-4000-9000-000000000003';
const BOARD = '00000000-0000-4000-e000-000000000001';
const TEMPLATE = '00000000-0000-4000-f000-000000000001';
const PERSONAL = '00000000-0000-4000-f000-000000000002';
const stored: RenewalSettings = { startDays: 60, ownerUserId: null, boardId: null, textEnabled: false, textDays: 14, textTemplateId: null };
const accountId = demoSession().account.id;

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  settings.get.mockResolvedValue(stored);
  users.list.mockResolvedValue([{ id: EMMA, firstName: 'Emma', lastName: 'Ellis' } as User]);
  boards.list.mockResolvedValue([{ id: BOARD, boardname: 'Renewals' } as TaskBoard]);
  templates.list.mockResolvedValue([
    { id: TEMPLATE, name: 'Renewal reminder', group: 'team' } as MessageTemplate,
    { id: PERSONAL, name: 'My own note', group: 'personal' } as MessageTemplate,
  ]);
});

const saveButton = () => screen.getByRole('button', { name: 'Save' });

test('shows the days (60 by default), then saves the days, the owner and the board, and says so', async () => {
  const saved = { ...stored, startDays: 45, ownerUserId: EMMA, boardId: BOARD };
  settings.update.mockResolvedValue(saved);
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  render(<RenewalSettingsPage />);
  const days = await screen.findByLabelText('Days before the end a renewal starts');
  expect(days).toHaveValue('60');
  expect(settings.get).toHaveBeenCalledWith(accountId);
  expect(saveButton()).toBeDisabled();
  await userEvent.clear(days);
  await userEvent.type(days, '45');
  await userEvent.click(screen.getByLabelText('Owner when no one manages the record'));
  await userEvent.click(await screen.findByTitle('Emma Ellis'));
  await userEvent.click(screen.getByLabelText('Board'));
  await userEvent.click(await screen.findByTitle('Renewals'));
  await userEvent.click(saveButton());
  await waitFor(() => expect(settings.update).toHaveBeenCalledWith(accountId, saved));
  await waitFor(() => expect(toasts).toContain('Renewal settings saved'));
  expect(saveButton()).toBeDisabled();
  sub.unsubscribe();
});

test('a refused save keeps the changes and says why', async () => {
  settings.update.mockRejectedValue(new ApiRequestError('Choose a task board of this account', 400));
  render(<RenewalSettingsPage />);
  const days = await screen.findByLabelText('Days before the end a renewal starts');
  await userEvent.clear(days);
  await userEvent.type(days, '30');
  await userEvent.click(saveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update renewal settings: Choose a task board of this account');
  expect(days).toHaveValue('30');
});

test('turns the reminder text on with its days and a team template (personal ones are not offered)', async () => {
  const saved = { ...stored, textEnabled: true, textDays: 10, textTemplateId: TEMPLATE };
  settings.update.mockResolvedValue(saved);
  render(<RenewalSettingsPage />);
  const on = await screen.findByRole('switch', { name: 'Text the client before the end' });
  expect(on).not.toBeChecked();
  await userEvent.click(on);
  const days = screen.getByLabelText('Days before the end the text goes');
  expect(days).toHaveValue('14');
  await userEvent.clear(days);
  await userEvent.type(days, '10');
  expect(templates.list).toHaveBeenCalledWith('message');
  await userEvent.click(screen.getByLabelText('Text template'));
  const option = await screen.findByTitle('Renewal reminder');
  expect(screen.queryByTitle('My own note')).not.toBeInTheDocument();
  await userEvent.click(option);
  await userEvent.click(saveButton());
  await waitFor(() => expect(settings.update).toHaveBeenCalledWith(accountId, saved));
  expect(screen.getByRole('switch', { name: 'Text the client before the end' })).toBeChecked();
});
