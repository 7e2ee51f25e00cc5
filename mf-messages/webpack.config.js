const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'remote', name: 'messages', appDir: __dirname });
