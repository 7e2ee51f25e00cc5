const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'remote', name: 'phone', appDir: __dirname });
