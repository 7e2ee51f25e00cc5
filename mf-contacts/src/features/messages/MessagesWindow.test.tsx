import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import type { SmsMessage, SmsRoom, SmsRoomPage } from '@agency/contracts';
import { SMS_MESSAGES } from '@agency/contracts';
import { ContactCard } from '../detail/ContactCard';
import type { Person } from '../detail/person';
import { emptyFull } from '../../test/render';
import { mergeText, WINDOW_STEP } from './MessagesWindow';

jest.mock('@agency/api-client', () => ({ clientsApi: { reveal: jest.fn() }, errorMessage: (e: unknown) => String(e) }));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

// jsdom has no PointerEvent: without one, fireEvent's pointer events carry no coordinates.
if (!('PointerEvent' in window)) {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.assign(window, { PointerEvent: PointerEventShim });
}

const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const room = (over: Partial<SmsRoom> = {}): SmsRoom => ({
  id: 'r1',
  phoneNumber: '15125550142',
  agencyNumber: '15125550001',
  client: { id: CLIENT, name: 'Ada Lovelace', level: 'primary' },
  status: 'open',
  lastMessageOn: null,
  lastMessage: '',
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
  message: 'Is my policy active?',
  media: [],
  status: 'received',
  error: null,
  scheduleFor: null,
  createdAt: '2026-11-24T15:00:00.000Z',
  campaign: null,
  user: null,
  client: CLIENT,
  ...over,
});

type Answer = (req: unknown) => unknown;
function answer(answers: Record<string, Answer>) {
  return jest.spyOn(bus, 'request').mockImplementation(((event: string, req: unknown) => {
    const a = answers[event];
    return a ? Promise.resolve().then(() => a(req)) : Promise.reject(new Error(`unexpected ${event}`));
  }) as typeof bus.request);
}

const person = { ...emptyFull({ mobilePhone: '15125550142' }).client } as unknown as Person;
const card = () => render(<ContactCard clientId={CLIENT} level="primary" person={person} onAction={jest.fn()} canSplit={false} />);

afterEach(() => jest.restoreAllMocks());

test('texts stay in time order and a status change replaces its text', () => {
  const list = [text({ id: 'b', createdAt: '2026-01-02T00:00:00Z' })];
  const next = mergeText(
    mergeText(list, text({ id: 'a', createdAt: '2026-01-01T00:00:00Z' })),
    text({ id: 'b', status: 'delivered', createdAt: '2026-01-02T00:00:00Z' }),
  );
  expect(next.map((m) => [m.id, m.status])).toEqual([
    ['a', 'received'],
    ['b', 'delivered'],
  ]);
});

test("the Message button opens the person's texts in a window over the record; they read, send, and Esc returns to the button", async () => {
  const navigations: string[] = [];
  const nav = bus.navigate$.subscribe(({ to }) => navigations.push(to));
  const request = answer({
    sms_create_room: () => room(),
    sms_join_room: (): SmsRoomPage => ({ room: room(), messages: [text()], more: false }),
    sms_send_message: (req) =>
      text({ id: (req as { id: string }).id, flow: 'outgoing', status: 'pending', message: 'Yes, until March.', createdAt: '2026-11-24T15:05:00.000Z' }),
  });
  card();
  const button = screen.getByRole('button', { name: 'Message Ada Lovelace' });
  await userEvent.click(button);

  const win = await screen.findByRole('dialog', { name: 'Messages with Ada Lovelace' });
  expect(win).toHaveAttribute('aria-modal', 'false');
  expect(win).toHaveStyle({ height: '50vh', minHeight: '250px' });
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(request).toHaveBeenCalledWith('sms_create_room', { phoneNumber: '15125550142', clientId: CLIENT });
  expect(await within(win).findByText('Is my policy active?')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('sms_join_room', { roomId: 'r1' });
  expect(navigations).toEqual([]);

  // Writing: the box has focus; Enter sends.
  const box = within(win).getByRole('textbox', { name: 'Text to Ada Lovelace' });
  expect(box).toHaveFocus();
  await userEvent.type(box, 'Yes, until March.{Enter}');
  expect(await within(win).findByText('Yes, until March.')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('sms_send_message', expect.objectContaining({ roomId: 'r1', message: 'Yes, until March.' }));
  expect(box).toHaveValue('');

  // A reply arriving live shows in the window; one for another room does not.
  act(() =>
    hostControls().receive({
      event: 'sms_room_update',
      payload: { room: room(), message: text({ id: 'm3', message: 'Thanks!', createdAt: '2026-11-24T15:06:00.000Z' }) },
    }),
  );
  act(() =>
    hostControls().receive({
      event: 'sms_room_update',
      payload: { room: room({ id: 'r9' }), message: text({ id: 'm9', roomId: 'r9', message: 'Someone else' }) },
    }),
  );
  expect(
    within(win)
      .getAllByTestId('window-text')
      .map((t) => t.firstChild?.textContent),
  ).toEqual(['Is my policy active?', 'Yes, until March.', 'Thanks!']);

  // The whole inbox is a link away.
  await userEvent.click(within(win).getByRole('button', { name: 'Open in Messages' }));
  expect(navigations).toEqual([`/messages?client=${CLIENT}&level=primary&phone=15125550142`]);

  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
  expect(button).toHaveAttribute('aria-expanded', 'false');
  nav.unsubscribe();
});

test('a text scheduled for tomorrow shows when it goes, as scheduled, not as a pending text sent today', async () => {
  const at = new Date(Date.now() + 24 * 3600_000);
  at.setHours(18, 45, 0, 0);
  const scheduled = text({ id: 's1', flow: 'outgoing', type: 'scheduled', status: 'pending', message: 'Your renewal is due', scheduleFor: at.toISOString() });
  answer({ sms_create_room: () => room(), sms_join_room: (): SmsRoomPage => ({ room: room(), messages: [scheduled], more: false }) });
  card();
  await userEvent.click(screen.getByRole('button', { name: 'Message Ada Lovelace' }));
  const win = await screen.findByRole('dialog', { name: 'Messages with Ada Lovelace' });
  const shown = (await within(win).findByText('Your renewal is due')).parentElement!;
  const day = `${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getDate()).padStart(2, '0')}/${at.getFullYear()}`;
  expect(shown).toHaveTextContent(new RegExp(`${day} 6:45\\sPM · scheduled`));
  expect(shown).not.toHaveTextContent('pending');
});

test('the window moves by its handle: arrow keys and dragging', async () => {
  answer({ sms_create_room: () => room(), sms_join_room: (): SmsRoomPage => ({ room: room(), messages: [], more: false }) });
  card();
  await userEvent.click(screen.getByRole('button', { name: 'Message Ada Lovelace' }));
  const win = await screen.findByRole('dialog', { name: 'Messages with Ada Lovelace' });
  expect(await within(win).findByText('No texts yet')).toBeInTheDocument();
  const left = parseFloat(win.style.left);
  const top = parseFloat(win.style.top);

  const handle = within(win).getByRole('button', { name: 'Move the Messages window' });
  act(() => handle.focus());
  await userEvent.keyboard('{ArrowDown}{ArrowLeft}');
  expect(parseFloat(win.style.top)).toBe(top + WINDOW_STEP);
  expect(parseFloat(win.style.left)).toBe(left - WINDOW_STEP);

  const bar = handle.closest('div[style*="cursor: move"]')!;
  fireEvent.pointerDown(bar, { clientX: 100, clientY: 100, pointerId: 1 });
  fireEvent.pointerMove(bar, { clientX: 140, clientY: 130, pointerId: 1 });
  fireEvent.pointerUp(bar, { pointerId: 1 });
  expect(parseFloat(win.style.left)).toBe(left - WINDOW_STEP + 40);
  expect(parseFloat(win.style.top)).toBe(top + WINDOW_STEP + 30);

  await userEvent.click(within(win).getByRole('button', { name: 'Close the Messages window' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Message Ada Lovelace' })).toHaveFocus();
});

test('an opted-out person cannot be texted from the window, and a refusal is shown', async () => {
  answer({
    sms_create_room: () => room({ optedOut: true }),
    sms_join_room: (): SmsRoomPage => ({ room: room({ optedOut: true }), messages: [], more: false }),
  });
  card();
  await userEvent.click(screen.getByRole('button', { name: 'Message Ada Lovelace' }));
  const win = await screen.findByRole('dialog', { name: 'Messages with Ada Lovelace' });
  expect(await within(win).findByText(SMS_MESSAGES.optedOut)).toBeInTheDocument();
  expect(within(win).getByRole('textbox', { name: 'Text to Ada Lovelace' })).toBeDisabled();
  expect(within(win).getByRole('button', { name: /Send/ })).toBeDisabled();
});

test('a room that cannot be opened says why', async () => {
  jest.spyOn(bus, 'request').mockRejectedValue(new Error(SMS_MESSAGES.noAgencyNumber));
  card();
  await userEvent.click(screen.getByRole('button', { name: 'Message Ada Lovelace' }));
  const win = await screen.findByRole('dialog', { name: 'Messages with Ada Lovelace' });
  expect(await within(win).findByText(SMS_MESSAGES.noAgencyNumber)).toBeInTheDocument();
});
