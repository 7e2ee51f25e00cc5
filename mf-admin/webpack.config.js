const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'remote', name: 'admin', appDir: __dirname });
