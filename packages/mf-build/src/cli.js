#!/usr/bin/env node
// mf-build build | serve [--standalone] — run from an app folder holding webpack.config.js.
const path = require('node:path');
const webpack = require('webpack');

const [cmd = 'build', ...flags] = process.argv.slice(2);
process.env.NODE_ENV = process.env.NODE_ENV || (cmd === 'build' ? 'production' : 'development');
if (flags.includes('--standalone')) process.env.MF_STANDALONE = '1';
const config = require(path.resolve('webpack.config.js'));

if (cmd === 'build') {
  const started = Date.now();
  webpack(config, (err, stats) => {
    if (err) {
      console.error(err);
      process.exit(1);
    }
    const info = stats.toJson({ all: false, errors: true, warnings: true });
    for (const w of info.warnings ?? []) console.warn(w.message ?? w);
    if (stats.hasErrors()) {
      for (const e of info.errors ?? []) console.error(e.message ?? e);
      process.exit(1);
    }
    console.log(`${path.basename(process.cwd())}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
} else if (cmd === 'serve') {
  const Server = require('webpack-dev-server');
  // several configs (the shell and its public pages): the first one's dev server serves them all
  const devServer = [config].flat()[0].devServer;
  const server = new Server(devServer, webpack(config));
  server.start().then(() => console.log(`${path.basename(process.cwd())}: http://localhost:${devServer.port}`));
} else {
  console.error('usage: mf-build build | serve [--standalone]');
  process.exit(2);
}
