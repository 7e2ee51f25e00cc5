import type { Session } from '@agency/contracts';
import { Bus, hostControls, NoAnswerError, type ToastRequest } from './index';

const session = { token: 't', user: { id: 'u1', firstName: 'Ann' }, account: { id: 'a1' } } as Session;

test('streams offer their current value but cannot be pushed into', () => {
  const bus = new Bus();
  expect(bus.session$.value).toBeNull();
  expect('next' in bus.session$).toBe(false);
  expect('next' in bus.events$).toBe(false);
  hostControls(bus).setSession(session);
  expect(bus.session$.value?.token).toBe('t');
  expect(bus.session$.getValue()).toBe(session);
});

test('commands move the streams', () => {
  const bus = new Bus();
  const seen: number[] = [];
  const sub = bus.badges$.subscribe((b) => seen.push(b.tasks));
  bus.setBadge('tasks', 4);
  bus.setBadge('tasks', -2);
  expect(seen).toEqual([0, 4, 0]);
  sub.unsubscribe();
  bus.setTheme({ dark: true });
  expect(bus.theme$.value.dark).toBe(true);
  bus.setLoading(true);
  expect(bus.loading$.value).toBe(true);
  const toasts: ToastRequest[] = [];
  expect(bus.toast$.observed).toBe(false);
  const t = bus.toast$.subscribe((x) => toasts.push(x));
  expect(bus.toast$.observed).toBe(true);
  bus.toast({ kind: 'info', message: 'Saved' });
  expect(toasts).toEqual([{ kind: 'info', message: 'Saved' }]);
  t.unsubscribe();
});

test('server events reach listeners by name', () => {
  const bus = new Bus();
  const counts: number[] = [];
  const sub = bus.on('taskBoard_alerts').subscribe(({ count }) => counts.push(count));
  hostControls(bus).receive({ event: 'taskBoard_alerts', payload: { count: 2 } });
  hostControls(bus).receive({ event: 'badge', payload: { name: 'team', count: 5 } });
  expect(counts).toEqual([2]);
  expect(bus.badges$.value.team).toBe(5);
  sub.unsubscribe();
});

describe('a remote refreshing the session', () => {
  it('does nothing while signed out', () => {
    const bus = new Bus();
    bus.updateSession({ user: session.user });
    expect(bus.session$.value).toBeNull();
  });

  it('is applied by the bus when no shell handles it, keeping the token', () => {
    const bus = new Bus();
    hostControls(bus).setSession(session);
    bus.updateSession({ user: { ...session.user, firstName: 'Liv' }, token: 'stolen' } as Partial<Session>);
    expect(bus.session$.value?.user.firstName).toBe('Liv');
    expect(bus.session$.value?.token).toBe('t');
  });

  it('goes to the shell when it handles it', () => {
    const bus = new Bus();
    const host = hostControls(bus);
    host.setSession(session);
    const patches: unknown[] = [];
    const stop = host.handleSessionPatches((p) => patches.push(p));
    bus.updateSession({ mfaSetupRequired: false });
    expect(patches).toEqual([{ mfaSetupRequired: false }]);
    expect(bus.session$.value).toBe(session);
    stop();
    bus.updateSession({ mfaSetupRequired: false });
    expect(patches).toHaveLength(1);
    expect(bus.session$.value?.mfaSetupRequired).toBe(false);
  });
});

describe('a request answered by acknowledgement', () => {
  const answering = (answer: ((ack: (res: unknown) => void) => void) | null) => {
    const bus = new Bus();
    const emit = jest.spyOn(bus, 'emit').mockImplementation(((_event: string, _req: unknown, ack: (res: unknown) => void) => answer?.(ack)) as never);
    return { bus, emit };
  };

  it('resolves with the data of an ok answer', async () => {
    const { bus, emit } = answering((ack) => ack({ ok: true, data: { id: 'r1' } }));
    await expect(bus.request('sms_join_room', { roomId: 'r1' })).resolves.toEqual({ id: 'r1' });
    expect(emit).toHaveBeenCalledWith('sms_join_room', { roomId: 'r1' }, expect.any(Function));
  });

  it("rejects with the server's message", async () => {
    const { bus } = answering((ack) => ack({ ok: false, message: 'Room not found' }));
    await expect(bus.request('sms_join_room', { roomId: 'nope' })).rejects.toThrow('Room not found');
  });

  it('rejects with NoAnswerError when nothing comes back in time', async () => {
    const { bus } = answering(null);
    await expect(bus.request('sms_join_room', { roomId: 'r1' }, 5)).rejects.toBeInstanceOf(NoAnswerError);
  });
});
