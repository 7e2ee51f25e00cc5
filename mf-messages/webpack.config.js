const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({
  role: 'remote',
  name: 'messages',
  appDir: __dirname,
  port: 3002,
  standalone: process.env.MF_STANDALONE === '1',
  exposes: require('./exposes.json'),
});
