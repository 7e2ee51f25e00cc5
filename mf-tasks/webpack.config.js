const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'remote', name: 'tasks', appDir: __dirname });
