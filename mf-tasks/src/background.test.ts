import { Bus, hostControls } from '@agency/bus';
import { wireTaskAlerts } from './background';

test('task alerts feed the Tasks badge until stopped', () => {
  const bus = new Bus();
  const host = hostControls(bus);
  const stop = wireTaskAlerts(bus);
  host.receive({ event: 'taskBoard_alerts', payload: { count: 3 } });
  expect(bus.badges$.value.tasks).toBe(3);
  host.receive({ event: 'taskBoard_alerts', payload: { count: 0 } });
  expect(bus.badges$.value.tasks).toBe(0);
  stop();
  host.receive({ event: 'taskBoard_alerts', payload: { count: 5 } });
  expect(bus.badges$.value.tasks).toBe(0);
});
