import { changesSince, compareVersions, parseChangelog, versionOfRelease } from './changelog';

const CHANGELOG = `# @agency/mf-contacts

## 1.2.0

- The import keeps each row's tags
  and says which tags it made.
- Households sort by last name

## 1.1.1

- A dependent's birthday shows in the client's zone

## 1.1.0

* Tags on the list

## 1.0.0

- First release with its own version
`;

test('reads each version and its changes, a wrapped line joined to its bullet', () => {
  expect(parseChangelog(CHANGELOG)).toEqual([
    { version: '1.2.0', summary: "The import keeps each row's tags and says which tags it made." },
    { version: '1.2.0', summary: 'Households sort by last name' },
    { version: '1.1.1', summary: "A dependent's birthday shows in the client's zone" },
    { version: '1.1.0', summary: 'Tags on the list' },
    { version: '1.0.0', summary: 'First release with its own version' },
  ]);
});

test('a release carries the changes since the release it replaces, up to its own version', () => {
  const entries = parseChangelog(CHANGELOG);
  expect(changesSince(entries, '1.2.0', '1.1.0').map((e) => e.version)).toEqual(['1.2.0', '1.2.0', '1.1.1']);
  expect(changesSince(entries, '1.1.1', '1.1.1')).toEqual([]);
  expect(changesSince(entries, '1.1.0', null)).toEqual([{ version: '1.1.0', summary: 'Tags on the list' }]);
  // a rollback's replacement is older: nothing it brings is newer than what it replaces
  expect(changesSince(entries, '1.0.0', '1.2.0')).toEqual([]);
});

test('versions compare by number, not by text', () => {
  expect(compareVersions('1.10.0', '1.9.3')).toBeGreaterThan(0);
  expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
  expect(compareVersions('1.0.0-abc', '1.0.1')).toBeLessThan(0);
  expect(versionOfRelease('1.10.0-0a1b2c3d')).toBe('1.10.0');
});
