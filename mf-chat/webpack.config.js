const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({
  role: 'remote',
  name: 'chat',
  appDir: __dirname,
  port: 3004,
  standalone: process.env.MF_STANDALONE === '1',
  exposes: require('./exposes.json'),
});
