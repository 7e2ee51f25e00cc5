// `import { Button } from 'antd'` in jest: antd's CommonJS index requires every one of its components
// up front (some 80, with their rc-components), in every test file. This stands in for that index
// with the same exports, read from it, each component required when a test first reads it.
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const lib = join(dirname(require.resolve('antd/package.json', { paths: [join(__dirname, 'packages/ui')] })), 'lib');
const index = readFileSync(join(lib, 'index.js'), 'utf8');
const fileOf = new Map([...index.matchAll(/var (_\w+) = _interopRequireDefault\(require\("(\.\/[\w/-]+)"\)\);/g)].map((m) => [m[1], m[2]]));
const interop = (m) => (m && m.__esModule ? m : { default: m });

Object.defineProperty(exports, '__esModule', { value: true });
let count = 0;
for (const [, name, variable] of index.matchAll(
  /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;/g,
)) {
  const file = fileOf.get(variable);
  if (!file) throw new Error(`jest.antd.cjs: antd's index exports ${name} from ${variable}, which it does not require as expected`);
  Object.defineProperty(exports, name, { enumerable: true, get: () => interop(require(join(lib, file))).default });
  count += 1;
}
if (count < 60) throw new Error(`jest.antd.cjs: read only ${count} exports from antd's index; its layout changed`);
exports.unstableSetRender = () => undefined;
