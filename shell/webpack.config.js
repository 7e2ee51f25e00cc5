const { createConfig, createPageConfig } = require('@agency/mf-build');

module.exports = [
  createConfig({
    role: 'host',
    name: 'shell',
    appDir: __dirname,
    port: 3000,
    // behind the sign-in page, the app shares the page's React instead of loading its own
    runtimePlugins: ['src/remotes/reactFromThePage.ts'],
  }),
  // The public pages on a full load: each a page of its own, light enough to draw at once.
  createPageConfig({
    appDir: __dirname,
    pages: [
      { name: 'login', entry: 'src/public/login.tsx', title: 'Sign in' },
      { name: 'forgot-password', entry: 'src/public/forgotPassword.tsx', title: 'Forgot password' },
      { name: 'mfa-setup', entry: 'src/public/mfaSetup.tsx', title: 'Set up two-step verification' },
    ],
  }),
];
