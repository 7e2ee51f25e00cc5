import { act, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import type { SmsMessage, SmsRoom } from '@agency/contracts';
import { formatDateTime } from '@agency/ui';
import { CallMessages } from './CallMessages';

const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const room = { id: 'room-1', phoneNumber: '15125550142', agencyNumber: '15125550003' } as SmsRoom;
const text = (id: string, flow: SmsMessage['flow'], message: string, createdAt: string): SmsMessage =>
  ({
    id,
    roomId: room.id,
    flow,
    type: 'message',
    by: '',
    message,
    media: [],
    status: 'delivered',
    error: null,
    scheduleFor: null,
    createdAt,
    campaign: null,
    user: null,
    client: null,
  }) as SmsMessage;

type Ack = (res: { ok: true; data: unknown } | { ok: false; message: string }) => void;
let answers: Record<string, (req: Record<string, unknown>) => { ok: true; data: unknown } | { ok: false; message: string }>;
const asked: Array<[string, Record<string, unknown>]> = [];

beforeEach(() => {
  asked.length = 0;
  answers = {
    sms_create_room: () => ({ ok: true, data: room }),
    sms_join_room: () => ({ ok: true, data: { room, messages: [text('m1', 'incoming', 'Is my renewal done?', '2026-11-26T15:00:00.000Z')], more: false } }),
    sms_send_message: (req) => ({ ok: true, data: text(String(req.id), 'outgoing', String(req.message), '2026-11-26T15:01:00.000Z') }),
  };
  jest.spyOn(bus, 'emit').mockImplementation(((event: string, req: Record<string, unknown>, ack: Ack) => {
    asked.push([event, req]);
    ack(answers[event]!(req));
  }) as never);
});
afterEach(() => jest.restoreAllMocks());

test("shows the texts with the caller's number and texts them while talking (Enter sends)", async () => {
  render(<CallMessages phoneNumber="15125550142" clientId="c1" />);
  expect(await screen.findByText('Is my renewal done?')).toBeInTheDocument();
  expect(asked.slice(0, 2)).toEqual([
    ['sms_create_room', { phoneNumber: '15125550142', clientId: 'c1' }],
    ['sms_join_room', { roomId: 'room-1' }],
  ]);
  await userEvent.type(screen.getByLabelText('Text message'), 'Yes, all set.{Enter}');
  expect(await screen.findByText('Yes, all set.')).toBeInTheDocument();
  expect(asked[2]![1]).toMatchObject({ roomId: 'room-1', message: 'Yes, all set.' });
  expect(screen.getByLabelText('Text message')).toHaveValue('');

  // The client answers while the call goes on.
  act(() => hostControls().receive({ event: 'sms_room_update', payload: { room, message: text('m9', 'incoming', 'Thanks!', '2026-11-26T15:02:00.000Z') } }));
  expect(screen.getByRole('log', { name: 'Texts with the caller' })).toHaveTextContent('Thanks!');
});

test('an empty text is refused and a refused send keeps what was typed, with the reason', async () => {
  answers.sms_send_message = () => ({ ok: false, message: 'This number is blocked.' });
  render(<CallMessages phoneNumber="15125550142" clientId={null} />);
  await screen.findByText('Is my renewal done?');
  await userEvent.click(screen.getByRole('button', { name: 'Send text' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Type a message or attach a picture.');
  await userEvent.type(screen.getByLabelText('Text message'), 'Hello{Enter}');
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This number is blocked.'));
  expect(screen.getByLabelText('Text message')).toHaveValue('Hello');
});

test('a scheduled text shows at its scheduled time, as scheduled, after the texts before it', async () => {
  const scheduled = {
    ...text('s1', 'outgoing', 'Your renewal is due', '2026-11-26T15:00:30.000Z'),
    status: 'pending',
    scheduleFor: '2026-11-28T17:00:00.000Z',
  } as SmsMessage;
  answers.sms_join_room = () => ({
    ok: true,
    data: {
      room,
      messages: [
        scheduled,
        text('m1', 'incoming', 'Is my renewal done?', '2026-11-26T15:00:00.000Z'),
        text('m2', 'incoming', 'Call me', '2026-11-27T15:00:00.000Z'),
      ],
      more: false,
    },
  });
  render(<CallMessages phoneNumber="15125550142" clientId="c1" />);
  const log = await screen.findByRole('log', { name: 'Texts with the caller' });
  await screen.findByText('Your renewal is due');
  expect(log.textContent!.indexOf('Call me')).toBeLessThan(log.textContent!.indexOf('Your renewal is due'));
  const line = screen.getByText('Your renewal is due').nextElementSibling!;
  expect(line).toHaveTextContent(`${formatDateTime('2026-11-28T17:00:00.000Z')} · scheduled`);
  expect(line).not.toHaveTextContent('pending');
});
