import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, locationsApi, phoneApi } from '@agency/api-client';
import { DEFAULT_CLOSED_MESSAGE, type OfficeHours } from '@agency/contracts';
import { OfficeHoursPage } from './OfficeHoursPage';
import { demoLocation, demoSession, roundRock } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const locations = locationsApi as jest.Mocked<typeof locationsApi>;
const userEvent = userEventLib.setup({ delay: null });

const stored: OfficeHours = {
  hours: { tuesday: { open: true, openTime: '09:00', closeTime: '17:00' } },
  holidays: ['Christmas Day'],
  closedMessage: { type: 'text', message: DEFAULT_CLOSED_MESSAGE },
  smsClosedMessage: { enabled: false, message: '' },
};
const austin = demoLocation({ officeHours: JSON.stringify(stored) });
const accountId = demoSession().account.id;

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const resetButton = () => screen.getByRole('button', { name: 'Reset' });
const setTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sent = () => JSON.parse(locations.update.mock.calls[0]![2].officeHours as string) as OfficeHours;

test('the red Missing Locations alert when the account has none', async () => {
  locations.list.mockResolvedValue([]);
  render(<OfficeHoursPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Missing Locations');
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
});

test('a single location is chosen by itself and shows its stored hours, Reset and Save disabled', async () => {
  locations.list.mockResolvedValue([austin]);
  render(<OfficeHoursPage />);
  expect(await screen.findByText('Location: Austin (America/Chicago)')).toBeInTheDocument();
  expect(screen.queryByLabelText('Location')).not.toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Tuesday open' })).toBeChecked();
  expect(screen.getByLabelText('Tuesday opens at')).toHaveValue('09:00');
  expect(screen.getByLabelText('Tuesday opens at')).toHaveAttribute('step', '300');
  expect(screen.getByRole('switch', { name: 'Monday open' })).not.toBeChecked();
  expect(screen.getByLabelText('Monday opens at')).toBeDisabled();
  expect(screen.getByText('Christmas Day')).toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
  expect(resetButton()).toBeDisabled();

  await userEvent.click(screen.getByRole('switch', { name: 'Monday open' }));
  expect(saveButton()).toBeEnabled();
  await userEvent.click(resetButton());
  expect(screen.getByRole('switch', { name: 'Monday open' })).not.toBeChecked();
  expect(saveButton()).toBeDisabled();
});

test('with several locations a selector (name plus timezone) picks one', async () => {
  locations.list.mockResolvedValue([austin, roundRock()]);
  render(<OfficeHoursPage />);
  await userEvent.click(await screen.findByLabelText('Location'));
  const dropdown = document.querySelector('.ant-select-dropdown') as HTMLElement;
  expect(within(dropdown).getByText('Austin (America/Chicago)')).toBeInTheDocument();
  expect(screen.queryByRole('switch', { name: 'Monday open' })).not.toBeInTheDocument();
  await userEvent.click(within(dropdown).getByText('Round Rock (America/Chicago)'));
  // Round Rock has nothing stored: every day closed, the default closed message.
  expect(await screen.findByRole('switch', { name: 'Tuesday open' })).not.toBeChecked();
  expect(screen.getByLabelText('Closed message text')).toHaveValue(DEFAULT_CLOSED_MESSAGE);
});

test('saves only the days that are open with both times, then says so', async () => {
  locations.list.mockResolvedValue([austin]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ officeHours: body.officeHours as string }));
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  render(<OfficeHoursPage />);
  await screen.findByRole('switch', { name: 'Monday open' });

  await userEvent.click(screen.getByRole('switch', { name: 'Monday open' }));
  setTime('Monday opens at', '08:30');
  setTime('Monday closes at', '17:00');
  // Wednesday is open with only an opening time: it is not saved.
  await userEvent.click(screen.getByRole('switch', { name: 'Wednesday open' }));
  setTime('Wednesday opens at', '10:00');
  // Tuesday is closed again: it is not saved either.
  await userEvent.click(screen.getByRole('switch', { name: 'Tuesday open' }));
  await userEvent.click(saveButton());

  await waitFor(() => expect(locations.update).toHaveBeenCalledTimes(1));
  expect(locations.update.mock.calls[0]![0]).toBe(accountId);
  expect(locations.update.mock.calls[0]![1]).toBe(austin.id);
  expect(sent()).toEqual({ ...stored, hours: { monday: { open: true, openTime: '08:30', closeTime: '17:00' } } });
  await waitFor(() => expect(toasts).toContain('Office Hours Updated.'));
  expect(saveButton()).toBeDisabled();
  // What was not saved is not shown as saved either.
  expect(screen.getByRole('switch', { name: 'Wednesday open' })).not.toBeChecked();
  sub.unsubscribe();
});

test('holidays, the closed call message and the closed text reply', async () => {
  locations.list.mockResolvedValue([austin]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ officeHours: body.officeHours as string }));
  render(<OfficeHoursPage />);
  await userEvent.click(await screen.findByLabelText('Closed on holidays'));
  await userEvent.click(within(document.querySelector('.ant-select-dropdown') as HTMLElement).getByText("Valentine's Day"));

  // The text reply cannot be turned on until it has a message.
  expect(screen.getByRole('switch', { name: 'Send the closed text reply' })).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Closed text reply'), 'Closed now; we text back at 9.');
  await userEvent.click(screen.getByRole('switch', { name: 'Send the closed text reply' }));
  await userEvent.click(saveButton());

  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent().holidays).toEqual(["Valentine's Day", 'Christmas Day']);
  expect(sent().smsClosedMessage).toEqual({ enabled: true, message: 'Closed now; we text back at 9.' });
  expect(sent().closedMessage).toEqual({ type: 'text', message: DEFAULT_CLOSED_MESSAGE });
});

test("a refused save shows the catalogue's words with the server's message and keeps the changes", async () => {
  locations.list.mockResolvedValue([austin]);
  locations.update.mockRejectedValue(new ApiRequestError('Monday: close time must be after open time', 400));
  render(<OfficeHoursPage />);
  await userEvent.click(await screen.findByRole('switch', { name: 'Monday open' }));
  setTime('Monday opens at', '17:00');
  setTime('Monday closes at', '09:00');
  await userEvent.click(saveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update office hours: Monday: close time must be after open time');
  expect(screen.getByRole('switch', { name: 'Monday open' })).toBeChecked();
  expect(saveButton()).toBeEnabled();
});

test('the closed call message can play one of the call-flow recordings', async () => {
  (phoneApi.flowRecordings as jest.Mock).mockResolvedValue([
    { id: 'r1', name: 'Closed for the day', url: 'http://localhost/api/media/call-flow/r1/t1', lastModified: '2026-11-20T10:00:00.000Z' },
  ]);
  locations.list.mockResolvedValue([austin]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ officeHours: body.officeHours as string }));
  render(<OfficeHoursPage />);
  await userEvent.click(await screen.findByLabelText('Closed call message'));
  await userEvent.click(within(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)') as HTMLElement).getByText('Recording'));
  const dialog = await screen.findByRole('dialog', { name: 'Recordings' });
  await userEvent.click(await within(dialog).findByRole('radio', { name: /Closed for the day/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
  await userEvent.click(saveButton());
  await waitFor(() => expect(locations.update).toHaveBeenCalledTimes(1));
  expect(sent().closedMessage).toEqual({
    type: 'recording',
    name: 'Closed for the day',
    url: 'http://localhost/api/media/call-flow/r1/t1',
    lastModified: '2026-11-20T10:00:00.000Z',
  });
});
