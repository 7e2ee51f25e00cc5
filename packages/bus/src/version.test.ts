import pkg from '../package.json';
import { BUS_VERSION, checkBusVersion } from './version';

test('the version in code is the package version remotes are built with', () => {
  expect(BUS_VERSION).toBe(pkg.version);
});

test('a remote built against the same or an older minor version runs', () => {
  expect(checkBusVersion('1.1.0', '1.1.0')).toBeNull();
  expect(checkBusVersion('1.0.0', '1.1.0')).toBeNull();
  expect(checkBusVersion('1.0.3', '1.4.1')).toBeNull();
});

test('a remote built against a newer version or another major is refused with a reason', () => {
  expect(checkBusVersion('2.0.0', '1.1.0')).toBe('This module needs a newer version of the app (2.0.0; this page runs 1.1.0). Reload the page to update.');
  expect(checkBusVersion('1.2.0', '1.1.0')).toMatch(/needs a newer version/);
  expect(checkBusVersion('0.9.0', '1.1.0')).toMatch(/built for an older version/);
  expect(checkBusVersion('banana', '1.1.0')).toMatch(/unknown app version/);
});
