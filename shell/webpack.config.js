const { createConfig } = require('@agency/mf-build');

module.exports = createConfig({ role: 'host', name: 'shell', appDir: __dirname, port: 3000 });
