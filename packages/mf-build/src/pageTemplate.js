// An app's public/index.html as HtmlWebpackPlugin's templateContent, rendered here rather than by
// the plugin's child compilation of the template. That child compilation inherits the Module
// Federation plugins, so in the shell's build it built, minified and dropped a second copy of every
// module the shell provides (3,045 modules): about 40 % of the shell's build.
const fs = require('node:fs');
const path = require('node:path');

// The same lodash template the plugin's own loader renders a template with (its `<%= %>`, `<% %>`).
const template = require(require.resolve('lodash/template', { paths: [path.dirname(require.resolve('html-webpack-plugin/package.json'))] }));

/** @param {string} file  an HTML template; `htmlWebpackPlugin` in it is the plugin's parameters, as in a template it compiles */
function pageTemplate(file) {
  return (params) => template(fs.readFileSync(file, 'utf8'), { interpolate: /<%=([\s\S]+?)%>/g })(params);
}

module.exports = { pageTemplate };
