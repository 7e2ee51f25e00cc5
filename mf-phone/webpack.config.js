const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({
  role: 'remote',
  name: 'phone',
  appDir: __dirname,
  port: 3003,
  standalone: process.env.MF_STANDALONE === '1',
  exposes: require('./exposes.json'),
});
