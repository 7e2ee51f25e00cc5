import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_MODULES, REMOTE_NAMES } from '@agency/contracts';
import { DASHBOARD_SLOTS } from '../dashboard/slots';

const root = join(__dirname, '../../..');
const exposed = (remote: string) =>
  Object.keys(JSON.parse(readFileSync(join(root, `mf-${remote}`, 'exposes.json'), 'utf8')) as Record<string, string>).map((k) => k.replace(/^\.\//, ''));

describe('the remotes contract', () => {
  it.each(REMOTE_NAMES)('%s exposes its app and only modules the shell knows', (remote) => {
    const names = exposed(remote);
    expect(names).toContain('app');
    expect(names.filter((n) => !(REMOTE_MODULES[remote] as readonly string[]).includes(n))).toEqual([]);
  });

  it('gives every dashboard slot a module of its remote', () => {
    for (const slot of DASHBOARD_SLOTS) expect(REMOTE_MODULES[slot.remote] as readonly string[]).toContain(slot.expose);
  });
});
