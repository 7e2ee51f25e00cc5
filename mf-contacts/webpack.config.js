const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({
  role: 'remote',
  name: 'contacts',
  appDir: __dirname,
  port: 3001,
  standalone: process.env.MF_STANDALONE === '1',
  exposes: require('./exposes.json'),
});
