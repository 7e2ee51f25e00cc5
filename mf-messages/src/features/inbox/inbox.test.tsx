import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { BehaviorSubject, Subject } from 'rxjs';
import { MemoryRouter } from 'react-router-dom';
import type { ServerEventName, SmsMessage, SmsRoom } from '@agency/contracts';
import { SMS_MESSAGES } from '@agency/contracts';
import { smsApi } from '@agency/api-client';
import { Conversation } from './Conversation';
import { RoomList } from './RoomList';
import { mergeMessage, mergeRoom, unreadTotal, useInbox } from './useInbox';
import type { InboxTransport } from './transport';

const userEvent = userEventLib.setup({ delay: null });

const room = (over: Partial<SmsRoom> = {}): SmsRoom => ({
  id: 'r1',
  phoneNumber: '15125550142',
  agencyNumber: '15125550001',
  client: { id: 'c1', name: 'James Carter', level: 'primary' },
  status: 'open',
  lastMessageOn: '2026-11-24T15:00:00.000Z',
  lastMessage: 'Can you call me?',
  unread: 0,
  favorited: [],
  assignedTo: null,
  optedOut: false,
  ...over,
});
const text = (over: Partial<SmsMessage> = {}): SmsMessage => ({
  id: 'm1',
  roomId: 'r1',
  flow: 'incoming',
  type: 'message',
  by: '15125550142',
  message: 'Can you call me?',
  media: [],
  status: 'received',
  error: null,
  scheduleFor: null,
  createdAt: '2026-11-24T15:00:00.000Z',
  campaign: null,
  user: null,
  client: 'c1',
  ...over,
});

describe('merging live updates', () => {
  it('keeps rooms newest first and this screen own unread count', () => {
    const older = room({ id: 'r0', lastMessageOn: '2026-11-24T10:00:00.000Z', unread: 2 });
    const merged = mergeRoom([older, room({ unread: 1 })], room({ lastMessage: 'New', unread: 0 }));
    expect(merged.map((r) => [r.id, r.unread, r.lastMessage])).toEqual([
      ['r1', 1, 'New'],
      ['r0', 2, 'Can you call me?'],
    ]);
    expect(unreadTotal(merged)).toBe(3);
  });

  it('replaces a text by id (a status change) and keeps time order', () => {
    const list = [
      text({ id: 'a', createdAt: '2026-01-01T00:00:00Z' }),
      text({ id: 'b', flow: 'outgoing', status: 'pending', createdAt: '2026-01-02T00:00:00Z' }),
    ];
    const next = mergeMessage(list, text({ id: 'b', flow: 'outgoing', status: 'delivered', createdAt: '2026-01-02T00:00:00Z' }));
    expect(next.map((m) => [m.id, m.status])).toEqual([
      ['a', 'received'],
      ['b', 'delivered'],
    ]);
  });
});

function fakeTransport(rooms: SmsRoom[]) {
  const events = new Map<string, Subject<unknown>>();
  const stream = (e: string) => events.get(e) ?? (events.set(e, new Subject()), events.get(e)!);
  const calls: Array<[string, unknown]> = [];
  const transport: InboxTransport = {
    request: jest.fn(async (event: string, req: unknown) => {
      calls.push([event, req]);
      if (event === 'sms_rooms') return rooms;
      if (event === 'sms_join_room') return { room: rooms[0], messages: [text()], more: false };
      return rooms[0];
    }) as unknown as InboxTransport['request'],
    typing: jest.fn(),
    on: ((e: ServerEventName) => stream(e).asObservable()) as InboxTransport['on'],
    connection$: new BehaviorSubject('connected' as const),
  };
  return { transport, calls, push: (e: string, payload: unknown) => act(() => stream(e).next(payload)) };
}

function Probe({ roomId, transport }: { roomId: string | null; transport: InboxTransport }) {
  const inbox = useInbox(roomId, transport);
  return (
    <ul>
      {(inbox.rooms ?? []).map((r) => (
        <li key={r.id}>{`${r.id}:${r.unread}`}</li>
      ))}
      {inbox.messages.map((m) => (
        <li key={m.id}>{`${m.id}:${m.status}`}</li>
      ))}
    </ul>
  );
}

describe('useInbox', () => {
  it('counts a text in another room, and updates the open room in place', async () => {
    const { transport, push } = fakeTransport([room(), room({ id: 'r2', client: { id: 'c2', name: 'Maria Gonzalez', level: 'primary' } })]);
    render(<Probe roomId="r1" transport={transport} />);
    expect(await screen.findByText('m1:received')).toBeInTheDocument();
    push('sms_room_update', { room: room({ id: 'r2' }), message: text({ id: 'x', roomId: 'r2' }) });
    expect(await screen.findByText('r2:1')).toBeInTheDocument();
    push('sms_room_update', { room: room(), message: text({ id: 'out', flow: 'outgoing', status: 'delivered', createdAt: '2026-11-24T16:00:00.000Z' }) });
    expect(await screen.findByText('out:delivered')).toBeInTheDocument();
    expect(screen.getByText('r1:0')).toBeInTheDocument();
  });
});

describe('RoomList', () => {
  it('offers Complete Conversation with a confirming second click, not for a followed room', async () => {
    const complete = jest.fn();
    const actions = { follow: jest.fn(), notifyTeam: jest.fn(), assign: jest.fn(), complete, schedule: jest.fn() };
    const me = 'u1';
    render(
      <div style={{ height: 400 }}>
        <RoomList rooms={[room()]} me={me} activeId={null} peers={[]} actions={actions} onOpen={jest.fn()} onNew={jest.fn()} search={jest.fn()} />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for James Carter' }));
    await userEvent.click(await screen.findByText('Complete Conversation'));
    expect(complete).not.toHaveBeenCalled();
    // The menu stays open on its confirmation, which is answered there (Cancel closes it unanswered).
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    expect(complete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for James Carter' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Complete Conversation' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Click to Complete Conversation' }));
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('asks for 4 characters before searching the texts', async () => {
    const search = jest.fn(async () => []);
    render(
      <RoomList
        rooms={[room()]}
        me="u1"
        activeId={null}
        peers={[]}
        actions={{ follow: jest.fn(), notifyTeam: jest.fn(), assign: jest.fn(), complete: jest.fn(), schedule: jest.fn() }}
        onOpen={jest.fn()}
        onNew={jest.fn()}
        search={search}
      />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'cal{Enter}');
    expect(await screen.findByText(SMS_MESSAGES.searchTooShort)).toBeInTheDocument();
    expect(search).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'l{Enter}');
    await waitFor(() => expect(search).toHaveBeenCalledWith('call'));
    expect(await screen.findByText('No texts found')).toBeInTheDocument();
  });
});

describe('Conversation', () => {
  const props = { more: false, typing: null, panelOpen: true, onTogglePanel: jest.fn(), onResend: jest.fn(), onLoadOlder: jest.fn(), onTyping: jest.fn() };

  it('attaches pictures (only JPEG, PNG or GIF), shows them, and sends them with the text', async () => {
    const upload = jest.spyOn(smsApi, 'uploadMedia').mockResolvedValue({ format: 'image/png', info: 'http://desk.test/api/media/sms/1/abc', name: 'car.png' });
    const onSend = jest.fn(async () => undefined);
    render(
      <MemoryRouter>
        <Conversation {...props} room={room()} messages={[]} onSend={onSend} />
      </MemoryRouter>,
    );
    const picker = screen.getByLabelText('Picture to attach');
    fireEvent.change(picker, { target: { files: [new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(SMS_MESSAGES.mediaType);
    expect(upload).not.toHaveBeenCalled();
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'car.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'car.png' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Send$/ }));
    expect(onSend).toHaveBeenCalledWith('', [{ format: 'image/png', info: 'http://desk.test/api/media/sms/1/abc' }]);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'car.png' })).not.toBeInTheDocument());
    upload.mockRestore();
  });

  it('sends with Enter, shows failed texts in red with Resend', async () => {
    const onSend = jest.fn(async () => undefined);
    const onResend = jest.fn();
    render(
      <MemoryRouter>
        <Conversation
          {...props}
          onResend={onResend}
          room={room()}
          messages={[text(), text({ id: 'bad', flow: 'outgoing', status: 'undelivered', error: 'Carrier error 30003', message: 'Hello?' })]}
          onSend={onSend}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/undelivered \(Carrier error 30003\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(onResend).toHaveBeenCalledWith('bad');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Calling you now{Enter}');
    expect(onSend).toHaveBeenCalledWith('Calling you now', []);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));
  });

  it('says a text held for want of a verified campaign was held, and why, with Resend', async () => {
    const onResend = jest.fn();
    render(
      <MemoryRouter>
        <Conversation
          {...props}
          onResend={onResend}
          room={room()}
          messages={[text({ id: 'held', flow: 'outgoing', status: 'failed', error: SMS_MESSAGES.campaignNotVerified, message: 'Want a quote?' })]}
          onSend={jest.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/· held \(carriers block texts from a number without a verified message campaign\. Register one/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(onResend).toHaveBeenCalledWith('held');
  });

  it('refuses to compose to an opted-out number and says why', () => {
    render(
      <MemoryRouter>
        <Conversation {...props} room={room({ optedOut: true })} messages={[]} onSend={jest.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByText(SMS_MESSAGES.optedOut)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });
});
