// Unit and component tests of the browser code (jsdom). Server tests use node's test runner.
const REMOTES = require('./packages/contracts/src/remotes.json').map((r) => r.name);
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shell/src',
        ...['bus', 'api-client', 'ui', 'contracts'].map((p) => `<rootDir>/packages/${p}/src`),
        ...REMOTES.map((r) => `<rootDir>/mf-${r}/src`),
      ],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
      moduleNameMapper: {
        '\\.(css|png|svg|mp3|wav)$': '<rootDir>/jest.asset.cjs',
        // Pages that stay light import antd and icons by their ES paths; jest runs the CommonJS build of the same files.
        '^antd/es/(.*)$': 'antd/lib/$1',
        '^@ant-design/icons/es/(.*)$': '@ant-design/icons/lib/$1',
        // the icons' CommonJS build reaches into the colours' ES build
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
        // Their CommonJS indexes require every component and icon in each test file; these require what a test reads.
        '^@ant-design/icons$': '<rootDir>/jest.icons.cjs',
        '^antd$': '<rootDir>/jest.antd.cjs',
      },
      globals: { __APP_VERSION__: '2.10.0', __REMOTE_VERSION__: '1.0.0' },
    },
    {
      // the build's own code runs in node (esbuild refuses jsdom)
      ...common,
      displayName: 'build',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/mf-build/src'],
    },
  ],
};
