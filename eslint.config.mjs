import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import { createRequire } from 'node:module';

// Layering (ARCHITECTURE.md §2-§4), checked here so that CI fails on a violation.
const REMOTES = JSON.parse(readFileSync(new URL('./packages/contracts/src/remotes.json', import.meta.url), 'utf8')).map((r) => r.name);
const boundary = {
  // a remote's or the shell's source, reached by path or by package name
  otherApps: (self) => ({
    regex: `(^|/)(${['shell', ...REMOTES.map((r) => `mf-${r}`)].filter((a) => a !== self).join('|')})(/|$)|^@agency/(shell|mf-)`,
    message: 'A remote never imports another remote or the shell, and the shell never imports a remote: share through packages/* or the bus.',
  }),
  server: {
    regex: '(^|/)packages/server(/|$)|^@agency/server',
    message: 'Client code never imports the server: types and schemas come from @agency/contracts.',
  },
  ours: { regex: '^@agency/|(^|/)packages/', message: 'contracts import nothing of ours: they are the bottom layer.' },
  serverInternals: {
    regex: '(^|/)packages/server/src/(?!index$|main$)',
    message: "Use the server's public entry points (packages/server/src/index.ts, main.ts), not its internals.",
  },
};
// What the shell shares of antd, react-router-dom and rxjs (packages/mf-build/src/shared.js): an app
// importing a part left out would get undefined from the shell at run time.
const { ANTD_LEFT_OUT, ROUTER_LEFT_OUT, RXJS_SHARED } = createRequire(import.meta.url)('./packages/mf-build/src/shared.js');
const SHARED_PARTS = [
  {
    name: 'antd',
    importNames: ANTD_LEFT_OUT,
    message: 'Not in the antd the apps share (ANTD_LEFT_OUT in packages/mf-build/src/shared.js): take it out of that list first.',
  },
  {
    name: 'react-router-dom',
    importNames: ROUTER_LEFT_OUT,
    message: "Framework mode's server APIs are not in the react-router-dom the apps share (packages/mf-build/src/shared.js).",
  },
  {
    name: 'rxjs',
    allowImportNames: RXJS_SHARED,
    message: 'Not in the rxjs the apps share (RXJS_SHARED in packages/mf-build/src/shared.js): add it to that list first.',
  },
];
const ROUTER_INTERNALS = {
  group: ['react-router-dom'],
  importNamePattern: '^(unstable_|UNSAFE_)',
  message: 'Not in the react-router-dom the apps share (packages/mf-build/src/shared.js): use its stable API.',
};
const restrict = (patterns, paths = []) => ['error', { patterns: [...patterns, ROUTER_INTERNALS], paths: [...SHARED_PARTS, ...paths] }];
const HOST_ONLY = {
  name: '@agency/bus',
  importNames: ['hostControls'],
  message: 'Only the shell changes the session and feeds the bus: a remote calls bus commands (bus.updateSession, bus.toast, ...).',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.test-build/**', '**/node_modules/**', 'data/**', '.tools/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([boundary.otherApps('shell'), boundary.server]) },
  },
  ...REMOTES.flatMap((r) => [
    {
      files: [`mf-${r}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([boundary.otherApps(`mf-${r}`), boundary.server], [HOST_ONLY]) },
    },
    {
      // tests stand in for the shell
      files: [`mf-${r}/**/*.test.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([boundary.otherApps(`mf-${r}`), boundary.server]) },
    },
  ]),
  {
    files: ['packages/{ui,bus,api-client}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([boundary.otherApps(''), boundary.server]) },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([boundary.ours]) },
  },
  {
    files: ['bench/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([boundary.serverInternals]) },
  },
);
