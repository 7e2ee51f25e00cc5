import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { ApiRequestError, locationsApi, phoneApi, usersApi } from '@agency/api-client';
import { CallSettingsPage } from './CallSettingsPage';
import { demoLocation, demoSession, demoUser } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const locations = locationsApi as jest.Mocked<typeof locationsApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const emma = demoUser({ id: '00000000-0000-4000-9000-000000000003', role: 'employee', firstName: 'Emma', lastName: 'Ellis' });
const stored = {
  recordCalls: false,
  groups: [{ timeout: 20, repeat: 2, users: [{ id: emma.id, format: 'softphone' }] }],
  messages: { welcomeMessage: { type: 'text', message: 'Hello' } },
};
const chooseType = async (label: string, type: string) => {
  await userEvent.click(screen.getByLabelText(label));
  const options = await screen.findAllByText(type, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options[options.length - 1]!);
};
const sent = () => JSON.parse(locations.update.mock.calls[0]![2].callFlow as string) as Record<string, unknown>;

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  users.list.mockResolvedValue([demoUser(), emma]);
});

test("shows a location's ring groups and saves recording on, keeping what the page does not edit", async () => {
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  expect(await screen.findByText('Ring for 20 seconds')).toBeInTheDocument();
  expect(screen.getByText('Repeat 2 times')).toBeInTheDocument();
  expect(await screen.findByRole('combobox', { name: 'Emma Ellis rings on' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await userEvent.click(screen.getByRole('switch', { name: 'Record incoming calls' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent()).toMatchObject({
    recordCalls: true,
    groups: [{ timeout: 20, repeat: 2, users: [{ id: emma.id }] }],
    messages: { welcomeMessage: { message: 'Hello' } },
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
});

test('adds and removes ring groups; a group naming nobody is not kept', async () => {
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  await screen.findByText('Ring group 1');
  await userEvent.click(screen.getByRole('button', { name: /Add Ring Group/ }));
  expect(screen.getByText('Ring group 2')).toBeInTheDocument();
  expect(screen.getByText('Ring for 30 seconds')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Outbound' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect((sent().groups as unknown[]).length).toBe(1);
});

test("a refused save says 'Unable to update call flow' with the server's reason", async () => {
  locations.list.mockResolvedValue([demoLocation()]);
  locations.update.mockRejectedValue(new ApiRequestError('A call flow has at most 20 ring groups', 400));
  render(<CallSettingsPage />);
  await userEvent.click(await screen.findByRole('switch', { name: 'Ring only people who are available' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update call flow: A call flow has at most 20 ring groups');
});

test('a named group makes a menu: it gets the next free extension, its own ring groups, and is saved under its name', async () => {
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  await screen.findByText('Ring group 1');
  await userEvent.type(screen.getByLabelText('Create Group'), 'Sales{Enter}');
  expect(screen.getByText('Callers hear: “For Sales, press 1.”')).toBeInTheDocument();
  expect(screen.getByText('Ring for 30 seconds')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Create Group'), 'sales{Enter}');
  expect(screen.getByText('A group by that name exists')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent().ivr).toEqual({ sales: { label: 'Sales', extension: '1', groups: [] } });
});

test('turns the call queue on with its longest wait, and picks the hold music from the grouped list', async () => {
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  await screen.findByText('Ring for 20 seconds');
  expect(screen.queryByLabelText('Longest wait (seconds)')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('switch', { name: 'Call queue' }));
  const wait = screen.getByLabelText('Longest wait (seconds)');
  expect(wait).toHaveValue('300');
  await userEvent.clear(wait);
  await userEvent.type(wait, '120');
  await userEvent.click(screen.getByRole('tab', { name: 'Global' }));
  await userEvent.click(screen.getByLabelText('Hold Music'));
  expect(await screen.findByTitle('Ambient')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Hold Music'), 'Long');
  await userEvent.click(await screen.findByText('Long Winter'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent()).toMatchObject({ queue: { enabled: true, maxWait: 120 }, holdMusic: 'guitar-long-winter' });
});

test("each member rings on their browser phone, their profile's mobile, or another number", async () => {
  users.list.mockResolvedValue([demoUser(), { ...emma, phone: '15125550300' }]);
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  const ringsOn = await screen.findByRole('combobox', { name: 'Emma Ellis rings on' });
  expect(screen.getByRole('group', { name: 'Ring group 1 rings on' })).toHaveTextContent('Browser phone');
  await userEvent.click(ringsOn);
  expect(await screen.findByText('Mobile +1-512-555-0300')).toBeInTheDocument();
  await userEvent.click(screen.getByText('Another number'));
  const number = screen.getByRole('textbox', { name: 'Emma Ellis ring number' });
  await userEvent.type(number, '512555');
  expect(number).toHaveAttribute('aria-invalid', 'true');
  await userEvent.type(number, '0301');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent()).toMatchObject({ groups: [{ users: [{ id: emma.id, format: '15125550301' }] }] });
});

test('a recorded location can say so before ringing, and callers who reach voicemail can be texted', async () => {
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  await screen.findByText('Ring for 20 seconds');
  expect(screen.queryByLabelText('Recording notice')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('switch', { name: 'Record incoming calls' }));
  await chooseType('Recording notice', 'Text');
  await userEvent.type(screen.getByLabelText('Recording notice text'), 'This call may be recorded.');
  await userEvent.type(screen.getByLabelText('Voicemail text'), 'Sorry we missed you.');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent()).toMatchObject({
    recordCalls: true,
    messages: {
      welcomeMessage: { message: 'Hello' },
      recordCallMessage: { type: 'text', message: 'This call may be recorded.' },
      voicemailSMS: { type: 'text', message: 'Sorry we missed you.' },
    },
  });
});

test('a message plays a recording chosen in the picker, where recordings are uploaded (label required) and deleted', async () => {
  const recordings = phoneApi as jest.Mocked<typeof phoneApi>;
  const welcome = { id: 'r1', name: 'Welcome', url: 'http://localhost/api/media/call-flow/r1/t1', lastModified: '2026-11-20T10:00:00.000Z' };
  recordings.flowRecordings.mockResolvedValue([welcome]);
  recordings.uploadFlowRecording.mockResolvedValue({
    id: 'r2',
    name: 'After hours',
    url: 'http://localhost/api/media/call-flow/r2/t2',
    lastModified: '2026-11-26T10:00:00.000Z',
  });
  recordings.deleteFlowRecording.mockResolvedValue({ message: 'Recording deleted.' });
  locations.list.mockResolvedValue([demoLocation({ callFlow: JSON.stringify(stored) })]);
  locations.update.mockImplementation(async (_a, _l, body) => demoLocation({ callFlow: body.callFlow as string }));
  render(<CallSettingsPage />);
  await screen.findByText('Ring for 20 seconds');
  await chooseType('Voicemail greeting', 'Recording');
  const dialog = await screen.findByRole('dialog', { name: 'Recordings' });
  expect(await screen.findByText('Welcome')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Choose' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: /Upload$/ }));
  expect(screen.getByRole('alert')).toHaveTextContent('Label is required.');
  await userEvent.type(screen.getByLabelText('Label'), 'After hours');
  await userEvent.upload(screen.getByLabelText('Audio file'), new File([new Uint8Array([0x49, 0x44, 0x33])], 'after.mp3', { type: 'audio/mpeg' }));
  await userEvent.click(screen.getByRole('button', { name: /Upload$/ }));
  await waitFor(() => expect(recordings.uploadFlowRecording).toHaveBeenCalledWith('After hours', expect.any(File)));
  expect(await screen.findByText('After hours')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(recordings.deleteFlowRecording).toHaveBeenCalledWith('r1'));
  await waitFor(() => expect(dialog).not.toHaveTextContent('Welcome'));

  // The upload is chosen: Choose puts it on the message.
  await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
  expect(await screen.findByText('After hours')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(locations.update).toHaveBeenCalled());
  expect(sent()).toMatchObject({
    messages: { voicemailMessage: { type: 'recording', name: 'After hours', url: 'http://localhost/api/media/call-flow/r2/t2' } },
  });
});
