const { createConfig, createPageConfig } = require('@agency/mf-build');

module.exports = [
  createConfig({ role: 'remote', name: 'messages', appDir: __dirname }),
  // A client's service review on a full load: a page of its own, served from this remote's release.
  createPageConfig({ appDir: __dirname, fromRelease: true, pages: [{ name: 'review', entry: 'src/public/review.tsx', title: 'Service review' }] }),
];
