const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({
  role: 'remote',
  name: 'admin',
  appDir: __dirname,
  port: 3006,
  standalone: process.env.MF_STANDALONE === '1',
  exposes: require('./exposes.json'),
});
