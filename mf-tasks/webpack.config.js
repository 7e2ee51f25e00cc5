const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({
  role: 'remote',
  name: 'tasks',
  appDir: __dirname,
  port: 3005,
  standalone: process.env.MF_STANDALONE === '1',
  exposes: require('./exposes.json'),
});
