import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { antdIsBrightPlugin, isBrightModule } from './antdIsBright';

const root = path.join(__dirname, '../../..');
const shell = path.join(root, 'shell');
const antdEs = path.dirname(require.resolve('antd/es/index.js', { paths: [shell] }));

type ResolveData = { request: string; context: string };
const replacement = () => {
  const [plugin] = antdIsBrightPlugin(shell) as Array<{ resourceRegExp: RegExp; newResource: (data: ResolveData) => void }>;
  return (request: string, context: string) => {
    const data = { request, context };
    if (plugin.resourceRegExp.test(request)) plugin.newResource(data);
    return data.request;
  };
};

test("button and tag styles take isBright from a module of its own, not from ColorPicker's presets that draw Collapse", () => {
  const file = isBrightModule(shell) as string;
  const replace = replacement();
  const presets = '../../color-picker/components/ColorPresets';
  expect(replace(presets, path.join(antdEs, 'button/style'))).toBe(file);
  expect(replace(presets, path.join(antdEs, 'tag/style'))).toBe(file);
  // ColorPicker itself still draws its presets
  expect(replace('./components/ColorPresets', path.join(antdEs, 'color-picker'))).toBe('./components/ColorPresets');
  expect(replace('../collapse', path.join(antdEs, 'button/style'))).toBe('../collapse');
  // the module holds no Collapse, and takes the color class from the file antd's own modules import
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('export const isBright = (value, bgColorToken) => {');
  expect(text).not.toMatch(/collapse/i);
  // (imported relative to the module: the workspace's folder is nowhere in the build)
  const request = /from "([^"]+)"/.exec(text)?.[1] as string;
  expect(request).toMatch(/^\.\.\//);
  const picker = path.resolve(path.dirname(file), request);
  expect(existsSync(`${picker}.js`)).toBe(true);
  expect(picker).toBe(path.join(path.dirname(require.resolve('@rc-component/color-picker/package.json', { paths: [antdEs] })), 'es/index'));
});

test('the styles of this antd still import isBright from the presets, as the replacement expects', () => {
  for (const style of ['button/style/token.js', 'tag/style/index.js'])
    expect(readFileSync(path.join(antdEs, style), 'utf8')).toContain("import { isBright } from '../../color-picker/components/ColorPresets';");
});
