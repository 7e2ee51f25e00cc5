import { Bus, hostControls, type ToastRequest } from '@agency/bus';
import { demoSession } from '@agency/testing';
import { watchSetupCompletion } from './setupCompletion';

const DONE = { locationCount: 1, twilioPhoneNumber: '+15551230000', stripePaymentMethodId: 'pm_1' };

function watched() {
  const bus = new Bus();
  const host = hostControls(bus);
  const toasts: ToastRequest[] = [];
  const celebrations: string[] = [];
  const subs = [bus.toast$.subscribe((t) => toasts.push(t)), bus.celebrate$.subscribe((r) => celebrations.push(r))];
  const stop = watchSetupCompletion(bus);
  return { host, toasts, celebrations, stop: () => (stop(), subs.forEach((s) => s.unsubscribe())) };
}

test('celebrates once, on any page, when the last setup task is done', () => {
  const w = watched();
  w.host.setSession(demoSession({}, { ...DONE, locationCount: 0 }));
  w.host.setSession(demoSession({}, DONE));
  expect(w.celebrations).toEqual([]);
  // MFA set up on the profile page: the session changes, the checklist is empty
  w.host.setSession(demoSession({ mfaEnabled: true }, DONE));
  expect(w.toasts.map((t) => t.message)).toEqual(['Setup Tasks Completed']);
  expect(w.celebrations).toEqual(['Setup Tasks Completed']);
  w.host.setSession(demoSession({ mfaEnabled: true, firstName: 'Liv' }, DONE));
  expect(w.celebrations).toHaveLength(1);
  w.stop();
});

test('a sign-in with nothing left, an employee, or a sign-out celebrates nothing', () => {
  const w = watched();
  w.host.setSession(demoSession({ mfaEnabled: true }, DONE));
  w.host.setSession(null);
  w.host.setSession(demoSession({ role: 'employee' }));
  w.host.setSession(demoSession({ role: 'employee', mfaEnabled: true }, DONE));
  expect(w.celebrations).toEqual([]);
  w.stop();
});
