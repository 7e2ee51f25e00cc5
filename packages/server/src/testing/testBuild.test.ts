import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { asSuite } from '../../scripts/testBuild.mjs';
import { tempDir } from './tempDir';

const A = `import { beforeEach, it } from 'node:test';
import {
  strictEqual,
} from 'node:assert';

const seen: string[] = [];
beforeEach(() => {
  (globalThis as { hooks?: number }).hooks = ((globalThis as { hooks?: number }).hooks ?? 0) + 1;
});
it('a runs with its own hook', () => {
  seen.push('a');
  strictEqual((globalThis as { hooks?: number }).hooks, 1);
});
`;
const B = `import { it } from 'node:test';
import { strictEqual } from 'node:assert';

it("b does not run a's hook", () => {
  strictEqual((globalThis as { hooks?: number }).hooks, 1);
});
`;

describe('test files run several to a process (scripts/testBuild.mjs)', () => {
  it('wraps a file in one suite named after it, its imports left outside, multi-line ones too, every line keeping its number', () => {
    const wrapped = asSuite(A, 'src/a.test.ts')!;
    const lines = wrapped.split('\n');
    const suiteAt = lines.findIndex((line) => line.includes('__fileSuite("src/a.test.ts", () => {'));
    assert.ok(suiteAt > 0);
    assert.ok(lines.slice(0, suiteAt).join('\n').includes("} from 'node:assert';"));
    assert.ok(lines.slice(suiteAt).join('\n').includes('beforeEach(() => {'));
    assert.equal(lines.at(-2), '});');
    // stack traces and source maps name the lines of the file as written
    const source = A.split('\n');
    for (const text of ['beforeEach(() => {', '  strictEqual((globalThis as { hooks?: number }).hooks, 1);']) {
      assert.equal(lines.indexOf(text), source.indexOf(text));
    }
    assert.ok(lines[suiteAt].endsWith(source[suiteAt]));
  });

  it('leaves alone a file that stops its process or awaits at its top level', () => {
    assert.equal(asSuite(`import { after } from 'node:test';\nafter(() => process.exit(0));\n`, 'x'), null);
    assert.equal(asSuite(`import { it } from 'node:test';\nconst v = await Promise.resolve(1);\nit('x', () => {});\n`, 'x'), null);
  });

  it("runs two wrapped files in one process, each file's hooks for its own tests only", () => {
    const dir = tempDir('agency-test-build-');
    for (const [name, source] of [
      ['a', A],
      ['b', B],
    ] as const) {
      const code = transformSync(asSuite(source, `src/${name}.test.ts`)!, { loader: 'ts', format: 'esm' }).code;
      writeFileSync(join(dir, `${name}.mjs`), code);
    }
    writeFileSync(join(dir, 'group.test.mjs'), "import './a.mjs';\nimport './b.mjs';\n");
    // a test runner of its own, not a child reporting to this one
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', join(dir, 'group.test.mjs')], { encoding: 'utf8', env });
    assert.match(run.stdout, /^# pass 2$/m, run.stdout);
    assert.match(run.stdout, /^# fail 0$/m);
    assert.match(run.stdout, /ok \d+ - src\/a\.test\.ts/);
    assert.match(run.stdout, /ok \d+ - src\/b\.test\.ts/);
  });
});
