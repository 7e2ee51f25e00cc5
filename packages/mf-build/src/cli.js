#!/usr/bin/env node
// mf-build build | serve [--standalone] — run from an app folder holding webpack.config.js.
// mf-build build-queue — builds each app folder its parent process sends it (child_process.fork), one after another, and ends after `{ done: true }`.
const path = require('node:path');
const webpack = require('webpack');

const [cmd = 'build', ...flags] = process.argv.slice(2);
process.env.NODE_ENV = process.env.NODE_ENV || (cmd === 'build' || cmd === 'build-queue' ? 'production' : 'development');
if (flags.includes('--standalone')) process.env.MF_STANDALONE = '1';

/**
 * The folder the federation plugins write their runtime's entry module to, which they take from the
 * working directory once, as they load: the entry's path names its modules, so each app's build must
 * have its own, as a process of its own would.
 */
function federationTempDirFor(dir) {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const constants = require(path.join(enhanced, 'lib/container/constant.js'));
  if (typeof constants.TEMP_DIR !== 'string') throw new Error('@module-federation/enhanced no longer keeps TEMP_DIR in lib/container/constant.js');
  constants.TEMP_DIR = path.join(dir, 'node_modules', path.basename(constants.TEMP_DIR));
}

/** Builds the app in `dir`; resolves with its status and what it printed (warnings, errors, the time it took). */
function buildApp(dir) {
  const started = Date.now();
  return new Promise((resolve) => {
    let config;
    try {
      process.chdir(dir);
      federationTempDirFor(dir);
      // a config built before in this process is read anew: its plugins keep what their build saw
      const configFile = path.resolve('webpack.config.js');
      delete require.cache[configFile];
      config = require(configFile);
    } catch (err) {
      resolve({ status: 1, output: String(err?.stack ?? err) });
      return;
    }
    webpack(config, (err, stats) => {
      if (err) {
        resolve({ status: 1, output: String(err.stack ?? err) });
        return;
      }
      const info = stats.toJson({ all: false, errors: true, warnings: true });
      const lines = (info.warnings ?? []).map((w) => w.message ?? w);
      if (stats.hasErrors()) {
        resolve({ status: 1, output: [...lines, ...(info.errors ?? []).map((e) => e.message ?? e)].join('\n') });
        return;
      }
      lines.push(`${path.basename(dir)}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve({ status: 0, output: lines.join('\n') });
    });
  });
}

if (cmd === 'build') {
  buildApp(process.cwd()).then(({ status, output }) => {
    (status === 0 ? console.log : console.error)(output);
    process.exitCode = status;
  });
} else if (cmd === 'build-queue') {
  // One process builds app after app: webpack, loaded and warmed up by one build, takes about half
  // the CPU time for the next that a process of its own would. One app at a time, in the order sent.
  // `{ done: true }` (or the parent letting go of the channel) says no app follows: the process ends
  // once its builds are done, whatever they leave running (esbuild's service, the minifier's workers).
  // A parent that went on to block (npm start runs the server with spawnSync) would never let go.
  let queue = Promise.resolve();
  const end = () => {
    queue = queue.then(() => process.exit(0));
  };
  process.on('message', (message) => {
    if (message && typeof message === 'object' && message.done) {
      end();
      return;
    }
    const dir = message;
    queue = queue.then(() => buildApp(dir).then((result) => process.send({ dir, ...result })));
  });
  process.once('disconnect', end);
} else if (cmd === 'serve') {
  const Server = require('webpack-dev-server');
  const config = require(path.resolve('webpack.config.js'));
  // several configs (the shell and its public pages): the first one's dev server serves them all
  const devServer = [config].flat()[0].devServer;
  const server = new Server(devServer, webpack(config));
  server.start().then(() => console.log(`${path.basename(process.cwd())}: http://localhost:${devServer.port}`));
} else {
  console.error('usage: mf-build build | build-queue | serve [--standalone]');
  process.exit(2);
}
