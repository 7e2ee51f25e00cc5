import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * `mf-build build-queue` (npm start's two build processes): once its parent has sent its last app
 * and let go of it, the process ends by itself, whatever its builds left running (esbuild's service
 * kept for the loader, the minifier's workers, webpack's caches).
 */
const CLI = path.join(__dirname, 'cli.js');
const here = (request: string) => JSON.stringify(require.resolve(request, { paths: [__dirname] }));

/** A small app built the way the apps are: TypeScript through esbuild-loader, minified by swc through the minimizer plugin. */
function tinyApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mf-build-queue-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.ts'), 'const greet = (name: string): string => `Hello, ${name}`;\nconsole.log(greet("agency"));\n');
  writeFileSync(
    path.join(dir, 'webpack.config.js'),
    `const MinimizerPlugin = require(${here('minimizer-webpack-plugin')});
module.exports = {
  mode: 'production',
  context: __dirname,
  entry: './src/index.ts',
  output: { path: require('node:path').join(__dirname, 'dist'), filename: 'main.js' },
  resolve: { extensions: ['.ts', '.js'] },
  module: { rules: [{ test: /\\.ts$/, loader: ${here('esbuild-loader')}, options: { loader: 'ts', target: 'es2020' } }] },
  optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
};
`,
  );
  return dir;
}

/** Starts a build queue process, sends it `dirs` one after another and resolves with their results. */
async function buildQueue(dirs: string[]) {
  const builder = fork(CLI, ['build-queue'], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } });
  let output = '';
  builder.stdout!.on('data', (d) => (output += d));
  builder.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => builder.on('exit', (code) => resolve(code)));
  const results: Array<{ dir: string; status: number }> = [];
  for (const dir of dirs) {
    builder.send(dir);
    results.push(await new Promise((resolve) => builder.once('message', resolve)));
  }
  return { builder, exited, results, output: () => output };
}

const built = (dirs: string[]) => dirs.every((dir) => existsSync(path.join(dir, 'dist/main.js')));

test('a build queue process told that no app follows ends once its builds are done, its parent still connected', async () => {
  const dirs = [tinyApp(), tinyApp()];
  try {
    const { builder, exited, results, output } = await buildQueue(dirs);
    expect(results.map((r) => [r.dir, r.status])).toEqual(dirs.map((dir) => [dir, 0]));
    expect(built(dirs)).toBe(true);
    builder.send({ done: true });
    expect(await exited).toBe(0);
    expect(output()).toBe('');
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('a build queue process ends once its parent lets go of it', async () => {
  const dirs = [tinyApp()];
  try {
    const { builder, exited, results } = await buildQueue(dirs);
    expect(results.map((r) => r.status)).toEqual([0]);
    builder.disconnect();
    expect(await exited).toBe(0);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
