import { Bus, hostControls } from './index';
import { handleNotice, shouldNotifyDesktop } from './notices';
import type { Peer, Session } from '@agency/contracts';

const me = { id: '00000000-0000-4000-9000-000000000003', phoneStatus: 'available' } as Session['user'];
const session = { token: 't', user: me } as Session;

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: Array<{ title: string; body?: string }> = [];
  onclick: (() => void) | null = null;
  constructor(title: string, opts: NotificationOptions) {
    FakeNotification.shown.push({ title, body: opts.body });
  }
  close() {}
}

describe('server notices on the bus', () => {
  beforeEach(() => {
    (globalThis as unknown as { Notification: unknown }).Notification = FakeNotification;
    FakeNotification.shown = [];
    FakeNotification.permission = 'granted';
  });

  it('sets the Team badge from a badge event', () => {
    const bus = new Bus();
    handleNotice(bus, 'badge', { name: 'team', count: 7 });
    expect(bus.badges$.value.team).toBe(7);
  });

  it("sets the Phone badge from the work count the server sends on connect, without the phone's code", () => {
    const bus = new Bus();
    handleNotice(bus, 'phone_workCount', { count: 4 });
    expect(bus.badges$.value.phone).toBe(4);
  });

  it('notifies on the desktop only while the window is blurred and the user is available', () => {
    const bus = new Bus();
    hostControls(bus).setSession(session);
    const focus = jest.spyOn(document, 'hasFocus');
    focus.mockReturnValue(true);
    handleNotice(bus, 'notify', { title: 'Emma Ellis', body: 'hi' });
    expect(FakeNotification.shown).toHaveLength(0);

    focus.mockReturnValue(false);
    handleNotice(bus, 'notify', { title: 'Emma Ellis', body: 'hi' });
    expect(FakeNotification.shown).toEqual([{ title: 'Emma Ellis', body: 'hi' }]);

    hostControls(bus).setPeers([{ id: me.id, phoneStatus: 'lunch' } as Peer]);
    expect(shouldNotifyDesktop(bus)).toBe(false);
    handleNotice(bus, 'notify', { title: 'Emma Ellis', body: 'again' });
    expect(FakeNotification.shown).toHaveLength(1);

    hostControls(bus).setPeers([{ id: me.id, phoneStatus: 'available' } as Peer]);
    FakeNotification.permission = 'denied';
    expect(shouldNotifyDesktop(bus)).toBe(false);
    focus.mockRestore();
  });
});
