import { preflight, satisfiesRange, shellNeeded, type ReleaseRecord } from './releases';

test('reads the ranges a federation manifest writes', () => {
  expect(satisfiesRange('19.3.1', '^19.3.1')).toBe(true);
  expect(satisfiesRange('19.4.0', '^19.3.1')).toBe(true);
  expect(satisfiesRange('19.3.0', '^19.3.1')).toBe(false);
  expect(satisfiesRange('20.0.0', '^19.3.1')).toBe(false);
  expect(satisfiesRange('0.12.9', '^0.12.3')).toBe(true);
  expect(satisfiesRange('0.13.0', '^0.12.3')).toBe(false);
  expect(satisfiesRange('6.6.9', '~6.6.8')).toBe(true);
  expect(satisfiesRange('6.7.0', '~6.6.8')).toBe(false);
  expect(satisfiesRange('1.0.0', '1.0.0')).toBe(true);
  expect(satisfiesRange('1.0.1', '1.0.0')).toBe(false);
  expect(satisfiesRange('7.5.0', '*')).toBe(true);
  expect(satisfiesRange('7.5.0', '7.x')).toBe(true);
  expect(satisfiesRange('1.5.0', '>=1.2.0 <2')).toBe(true);
  expect(satisfiesRange('2.0.0', '>=1.2.0 <2')).toBe(false);
  expect(satisfiesRange('3.1.0', '^2.0.0 || ^3.0.0')).toBe(true);
});

const needs = (shared: Array<[string, string, string]>, runtime: string | null = '2.9.2'): ReleaseRecord['needs'] => ({
  shared: shared.map(([key, version, requiredVersion]) => ({ key, version, requiredVersion, singleton: true })),
  runtime,
});

test('a release the shell serves has no problem', () => {
  const problems = preflight(needs([['react', '19.3.1', '^19.3.1']]), { keys: { react: ['19.3.1'] }, runtime: '2.9.2' });
  expect(problems).toEqual([]);
  expect(shellNeeded(problems)).toBeNull();
});

test('a key the shell lacks, a version below the range or a newer runtime needs a newer shell', () => {
  const problems = preflight(
    needs(
      [
        ['antd-core-4', '6.7.0', '^6.7.0'],
        ['react', '19.4.0', '^19.4.0'],
      ],
      '2.10.0',
    ),
    { keys: { react: ['19.3.1'] }, runtime: '2.9.2' },
  );
  expect(problems).toEqual([
    { key: 'antd-core-4', needs: '^6.7.0', provided: null, shell: 'newer' },
    { key: 'react', needs: '^19.4.0', provided: '19.3.1', shell: 'newer' },
    { key: null, needs: '2.10.0', provided: '2.9.2', shell: 'newer' },
  ]);
  expect(shellNeeded(problems)).toBe('newer');
});

test('a shell past the major a release was built on, or lending a newer runtime, is too new for it', () => {
  const problems = preflight(needs([['rxjs', '7.8.2', '^7.8.2']], '2.8.0'), { keys: { rxjs: ['8.0.1'] }, runtime: '2.9.2' });
  expect(problems).toEqual([
    { key: 'rxjs', needs: '^7.8.2', provided: '8.0.1', shell: 'older' },
    { key: null, needs: '2.8.0', provided: '2.9.2', shell: 'older' },
  ]);
  expect(shellNeeded(problems)).toBe('older');
});
