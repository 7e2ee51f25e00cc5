const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'remote', name: 'chat', appDir: __dirname });
