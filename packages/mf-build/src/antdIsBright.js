// antd's button and tag styles take one function, isBright, from ColorPicker's presets, whose
// module draws the presets with antd's Collapse: every page that styles a button carried Collapse
// (6 KB gzip). The styles get the function from a module of its own instead.
const path = require('node:path');
const fs = require('node:fs');
const { NormalModuleReplacementPlugin } = require('webpack');
const { generatedImport, writeGenerated } = require('./shared');

const PRESETS_REQUEST = '../../color-picker/components/ColorPresets';
const STYLES_TAKING_IT = /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style$/;

/** The text of isBright in antd's ColorPresets, checked so that a new antd that changes it stops the build. */
const IS_BRIGHT = `export const isBright = (value, bgColorToken) => {
  const {
    r,
    g,
    b,
    a
  } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;

/** Writes the module holding isBright for the app, or returns undefined when the app draws no antd. */
function isBrightModule(appDir) {
  let antdDir;
  try {
    antdDir = path.dirname(require.resolve('antd/package.json', { paths: [appDir] }));
  } catch {
    return undefined;
  }
  const presets = fs.readFileSync(path.join(antdDir, 'es/color-picker/components/ColorPresets.js'), 'utf8');
  if (!presets.includes(IS_BRIGHT)) throw new Error(`antd's isBright changed: read ${antdDir}/es/color-picker/components/ColorPresets.js`);
  // the color class antd's own modules import, so that the page holds it once
  const pickerDir = path.dirname(require.resolve('@rc-component/color-picker/package.json', { paths: [antdDir] }));
  const pickerPkg = JSON.parse(fs.readFileSync(path.join(pickerDir, 'package.json'), 'utf8'));
  const pickerEs = path.join(pickerDir, pickerPkg.module);
  return writeGenerated(appDir, 'antd-is-bright.js', `import { Color as RcColor } from ${generatedImport(appDir, pickerEs)};\n${IS_BRIGHT}\n`);
}

/** Points the button and tag styles' import of ColorPresets at the module of isBright alone. */
function antdIsBrightPlugin(appDir) {
  const file = isBrightModule(appDir);
  if (!file) return [];
  return [
    new NormalModuleReplacementPlugin(/ColorPresets$/, (resolveData) => {
      if (resolveData.request === PRESETS_REQUEST && STYLES_TAKING_IT.test(resolveData.context)) resolveData.request = file;
    }),
  ];
}

module.exports = { antdIsBrightPlugin, isBrightModule };
