// Unit and component tests of the browser code (jsdom). Server tests use node's test runner.
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  // antd screens render slowly in jsdom on a busy 2-core machine
  testTimeout: 20_000,
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/shell/src', '<rootDir>/packages/bus/src', '<rootDir>/packages/api-client/src', '<rootDir>/packages/ui/src', ...['contacts', 'messages', 'phone', 'chat', 'tasks', 'admin'].map((r) => `<rootDir>/mf-${r}/src`)],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
      moduleNameMapper: {
        '\\.(css|png|svg|mp3|wav)$': '<rootDir>/jest.asset.cjs',
        // antd's per-component ES paths (what @agency/ui and the shell import) as its CommonJS build
        '^antd/es/(.*)$': 'antd/lib/$1',
        '^@ant-design/icons/es/(.*)$': '@ant-design/icons/lib/$1',
        // the icons' CommonJS build itself requires an ES path of @ant-design/colors
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
      },
      globals: { __APP_VERSION__: '2.10.0', __REMOTE_VERSION__: '1.0.0' },
    },
  ],
};
