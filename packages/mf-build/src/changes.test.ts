import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addChange, applyChanges, parseChangeset } from './changes';

const REPO = join(__dirname, '../../..');
let root: string;

/** A workspace of the shell (2.10.0) and every remote (1.0.0). */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agency-changes-'));
  mkdirSync(join(root, 'packages/contracts/src'), { recursive: true });
  cpSync(join(REPO, 'packages/contracts/src/remotes.json'), join(root, 'packages/contracts/src/remotes.json'));
  const remotes = (JSON.parse(readFileSync(join(REPO, 'packages/contracts/src/remotes.json'), 'utf8')) as Array<{ name: string }>).map((r) => [
    `mf-${r.name}`,
    `@agency/mf-${r.name}`,
    '1.0.0',
  ]);
  for (const [folder, name, version] of [['shell', '@agency/shell', '2.10.0'], ...remotes] as Array<[string, string, string]>) {
    mkdirSync(join(root, folder));
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ name, version, private: true }, null, 2));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const version = (folder: string) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).version;

test('a change to contacts bumps contacts alone, by the largest bump its changes ask, with a changelog entry each', () => {
  addChange(root, 'contacts', 'patch', 'A dependent’s birthday shows in the client’s zone');
  addChange(root, 'contacts', 'minor', 'The import keeps each row’s tags');
  expect(applyChanges(root)).toEqual({ 'mf-contacts': '1.1.0' });
  expect(version('mf-contacts')).toBe('1.1.0');
  expect(version('mf-chat')).toBe('1.0.0');
  expect(version('shell')).toBe('2.10.0');
  const log = readFileSync(join(root, 'mf-contacts/CHANGELOG.md'), 'utf8');
  expect(log).toContain('## 1.1.0\n\n');
  expect(log).toContain('- A dependent’s birthday shows in the client’s zone');
  expect(log).toContain('- The import keeps each row’s tags');
  expect(readdirSync(join(root, '.changeset'))).toEqual([]);

  // the next version goes on top; the earlier stays
  addChange(root, 'contacts', 'patch', 'Households sort by last name');
  addChange(root, 'shell', 'major', 'A new frame');
  expect(applyChanges(root)).toEqual({ 'mf-contacts': '1.1.1', shell: '3.0.0' });
  const next = readFileSync(join(root, 'mf-contacts/CHANGELOG.md'), 'utf8');
  expect(next.indexOf('## 1.1.1')).toBeLessThan(next.indexOf('## 1.1.0'));
  expect(next.match(/^# @agency\/mf-contacts$/gm)).toHaveLength(1);
});

test('bad input is refused with what is wrong, and nothing is written', () => {
  expect(() => addChange(root, 'billing', 'patch', 'x')).toThrow('billing is not an area; name one of: shell, contacts,');
  expect(() => addChange(root, 'contacts', 'huge', 'x')).toThrow('huge is not a bump');
  expect(() => addChange(root, 'contacts', 'patch', '  ')).toThrow('Say what changed');
  expect(() => parseChangeset('no front matter')).toThrow('A change starts with its packages');
  expect(() => parseChangeset('---\n"@agency/mf-contacts": huge\n---\n\nx')).toThrow('is not a package and patch, minor or major');
  mkdirSync(join(root, '.changeset'));
  writeFileSync(join(root, '.changeset/other.md'), '---\n"@agency/server": patch\n---\n\nA server change\n');
  expect(() => applyChanges(root)).toThrow('other.md names @agency/server, which is not an area');
  expect(version('mf-contacts')).toBe('1.0.0');
});

test("reads Changesets' own format", () => {
  expect(parseChangeset("---\n'@agency/mf-chat': minor\n---\n\nReactions on\nmessages\n")).toEqual({
    bumps: { '@agency/mf-chat': 'minor' },
    summary: 'Reactions on messages',
  });
});
