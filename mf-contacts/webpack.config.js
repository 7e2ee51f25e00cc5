const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'remote', name: 'contacts', appDir: __dirname });
