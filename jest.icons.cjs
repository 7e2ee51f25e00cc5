// `import { XOutlined } from '@ant-design/icons'` in jest: the package's CommonJS index requires all of
// its 800-odd icons (and their SVG data) up front, in every test file. This stands in for that index
// with the same exports, each icon required when a test first reads it.
const { readdirSync } = require('node:fs');
const { dirname, join } = require('node:path');

const pkg = dirname(require.resolve('@ant-design/icons/package.json', { paths: [join(__dirname, 'packages/ui')] }));
const lazy = (name, load) => Object.defineProperty(exports, name, { enumerable: true, get: load });

Object.defineProperty(exports, '__esModule', { value: true });
for (const file of readdirSync(join(pkg, 'lib/icons'))) {
  const name = file.replace(/\.js$/, '');
  if (name === file || name === 'index') continue;
  lazy(name, () => require(join(pkg, 'lib/icons', file)).default);
}
lazy('default', () => require(join(pkg, 'lib/components/Icon')).default);
lazy('IconProvider', () => require(join(pkg, 'lib/components/Context')).default.Provider);
lazy('createFromIconfontCN', () => require(join(pkg, 'lib/components/IconFont')).default);
lazy('getTwoToneColor', () => require(join(pkg, 'lib/components/twoTonePrimaryColor')).getTwoToneColor);
lazy('setTwoToneColor', () => require(join(pkg, 'lib/components/twoTonePrimaryColor')).setTwoToneColor);
