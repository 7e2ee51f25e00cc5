import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The public pages and the dashboard import only @agency/contracts' constants/, which is how they
 * load no schema library: a value import of zod or of a schema module there would bring it back to
 * every page.
 */
const dir = join(__dirname, '../../contracts/src/constants');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** The modules a file imports values from (import type is erased from the build). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+'([^']+)';/gms)) if (!m[1]) found.push(m[2]);
  return found;
}

test('constants/ holds the plain values of every area', () => {
  expect(files).toEqual(expect.arrayContaining(['index.ts', 'sms.ts', 'phone.ts', 'followups.ts', 'campaigns.ts', 'user.ts']));
});

test.each(files)('%s imports values only from constants/ and libraries other than zod', (file) => {
  for (const from of valueImports(readFileSync(join(dir, file), 'utf8'))) {
    expect(from).not.toBe('zod');
    if (from.startsWith('.')) expect(from).toMatch(/^\.\/[A-Za-z]+$/);
  }
});

test("only the campaign schedule's own module brings moment-timezone (the campaigns widget reads constants/campaigns)", () => {
  const importers = files.filter((file) => valueImports(readFileSync(join(dir, file), 'utf8')).some((from) => from.startsWith('moment')));
  expect(importers).toEqual(['campaignSchedule.ts']);
});

test('the check sees a value import of a schema module', () => {
  expect(valueImports("import { idSchema } from '../common';\nimport type { Role } from '../common';")).toEqual(['../common']);
  expect(valueImports("import { z } from 'zod';")).toEqual(['zod']);
});
