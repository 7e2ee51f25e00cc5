const { createConfig, createPageConfig } = require('@agency/mf-build');

module.exports = [
  createConfig({ role: 'host', name: 'shell', appDir: __dirname, port: 3000 }),
  // /login on a full load: a page of its own, light enough to draw at once
  createPageConfig({ appDir: __dirname, name: 'login', entry: 'src/public/login.tsx', template: 'public/login.html' }),
];
