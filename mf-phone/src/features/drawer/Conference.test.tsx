import { act, render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { phoneApi } from '@agency/api-client';
import { bus, hostControls } from '@agency/bus';
import type { Conference, ConferenceParticipant } from '@agency/contracts';
import type { ActiveCall } from '../device/softphone';
import { CallPanel } from './CallPanel';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const api = phoneApi as unknown as Record<string, jest.Mock>;

const talking: ActiveCall = {
  sid: 'CAemma',
  direction: 'incoming',
  number: '15125550142',
  name: 'James Carter',
  clientId: null,
  location: '',
  ivr: '',
  callId: 'call-1',
  kind: null,
  status: 'open',
  startedAt: Date.now(),
  muted: false,
  volume: { input: 0, output: 0 },
  said: [],
};
const person = (over: Partial<ConferenceParticipant>): ConferenceParticipant => ({
  label: '',
  type: 'user',
  status: 'joined',
  isHost: false,
  muted: false,
  onHold: false,
  coaching: false,
  callSid: null,
  userId: null,
  firstName: '',
  lastName: '',
  phoneNumber: null,
  avatar: null,
  ...over,
});
const conference = (participants: ConferenceParticipant[], onHold = false): Conference => ({
  phoneId: 'call-1',
  sid: 'conf-call-1',
  hasRecording: false,
  isRecording: false,
  onHold,
  ended: false,
  participants,
});
const emma = person({ label: 'client:emma', callSid: 'CAemma', userId: 'emma', firstName: 'Emma', lastName: 'Ellis', isHost: true });
const james = person({ label: '15125550142', type: 'client', callSid: 'CAjames', firstName: 'James Carter', phoneNumber: '15125550142' });
const olivia = person({ label: 'client:olivia', callSid: 'CAolivia', userId: 'olivia', firstName: 'Olivia', lastName: 'Owens' });
const push = (c: Conference) => act(() => hostControls().receive({ event: 'conference_update', payload: { conference: c } }));
const handlers = {
  onAnswer: jest.fn(),
  onIgnore: jest.fn(),
  onReject: jest.fn(),
  onVoicemail: jest.fn(),
  onHangUp: jest.fn(),
  onToggleMute: jest.fn(),
  onToggleRecording: jest.fn(),
};

afterEach(() => jest.restoreAllMocks());

test('holds the call, lists who joins, and offers Leave Call once more than two are on it', async () => {
  api.holdCall!.mockResolvedValue(conference([emma, james], true));
  api.removeParticipant!.mockResolvedValue({ message: 'Participant removed' });
  render(<CallPanel call={talking} multiLocation={false} recording={null} {...handlers} />);
  expect(screen.queryByRole('region', { name: 'Participants' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /^pause-circle Hold$/ }));
  expect(api.holdCall).toHaveBeenCalledWith('CAemma', true);
  push(conference([emma, { ...james, onHold: true }], true));
  const list = screen.getByRole('list', { name: 'Participants on the call' });
  expect(within(list).getByText('Emma Ellis (you)')).toBeInTheDocument();
  expect(within(list).getByText('On hold')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Resume$/ })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('button', { name: /Leave Call$/ })).not.toBeInTheDocument();
  // Who is talking, from the carrier's speech events for this call.
  act(() => hostControls().receive({ event: 'volume', payload: { phoneId: 'call-1', label: 'client:emma', speaking: true } }));
  expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Talking');
  act(() => hostControls().receive({ event: 'volume', payload: { phoneId: 'call-1', label: 'client:emma', speaking: false } }));
  expect(within(list).queryByText('Talking')).not.toBeInTheDocument();
  // Someone on hold is never shown talking.
  act(() => hostControls().receive({ event: 'volume', payload: { phoneId: 'call-1', label: '15125550142', speaking: true } }));
  expect(within(list).queryByText('Talking')).not.toBeInTheDocument();
  // Another call's conference changes nothing here.
  push(conference([person({ label: 'client:x', callSid: 'CAother' })]));
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);

  push(conference([emma, james, { ...olivia, status: 'ringing' }]));
  expect(screen.getByText('Ringing')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Leave Call$/ })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Remove Olivia Owens' }));
  expect(api.removeParticipant).toHaveBeenCalledWith('CAemma', 'client:olivia');
  // Leave Call asks the server; once it answered, this leg ends here too.
  const request = jest.spyOn(bus, 'request').mockResolvedValue(null as never);
  await userEvent.click(screen.getByRole('button', { name: /Leave Call$/ }));
  expect(request).toHaveBeenCalledWith('conference_leave', { callSid: 'CAemma' });
  expect(handlers.onHangUp).toHaveBeenCalledTimes(1);
});

test('a Leave Call that did not happen says so, and the call stays on', async () => {
  handlers.onHangUp.mockClear();
  const toast = jest.spyOn(bus, 'toast');
  const request = jest.spyOn(bus, 'request').mockRejectedValue(new Error('That participant is not on this call'));
  render(<CallPanel call={talking} multiLocation={false} recording={null} {...handlers} />);
  push(conference([emma, james, olivia]));
  await userEvent.click(screen.getByRole('button', { name: /Leave Call$/ }));
  expect(request).toHaveBeenCalledWith('conference_leave', { callSid: 'CAemma' });
  expect(toast).toHaveBeenCalledWith({ kind: 'error', message: 'You are still on the call: leaving it did not work. That participant is not on this call' });
  expect(handlers.onHangUp).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: /Leave Call$/ })).toBeEnabled();
});

test('adds a participant by number from the Add Participant dialog (Enter adds)', async () => {
  api.addParticipant!.mockResolvedValue(conference([emma, james]));
  const toast = jest.spyOn(bus, 'toast');
  render(<CallPanel call={talking} multiLocation={false} recording={null} {...handlers} />);
  await userEvent.click(screen.getByRole('button', { name: /Add Participant$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Participant' });
  await userEvent.click(within(dialog).getByLabelText('Add number'));
  await userEvent.paste('15125550199');
  await userEvent.keyboard('{Enter}');
  expect(api.addParticipant).toHaveBeenCalledWith('CAemma', '15125550199');
  expect(toast).toHaveBeenCalledWith({ kind: 'success', message: 'Participant added' });
});

test('a coach sees the call as Coaching, with no Hold, Add Participant or View Contact, and may leave', async () => {
  api.conference!.mockResolvedValue(conference([emma, james, person({ ...olivia, coaching: true, callSid: 'CAcoach' })]));
  render(<CallPanel call={{ ...talking, sid: 'CAcoach', kind: 'COACHING' }} multiLocation={false} recording={null} {...handlers} />);
  expect(screen.getByText('Coaching')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Hold$/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add Participant$/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /View Contact$/ })).not.toBeInTheDocument();
  expect(api.conference).toHaveBeenCalledWith('CAcoach');
  expect(await screen.findByText('Olivia Owens (you)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Leave Call$/ })).toBeInTheDocument();
});
