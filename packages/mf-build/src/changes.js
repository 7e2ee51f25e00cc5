// Each area (the shell and every remote) keeps its own version and changelog. A change is a file
// in .changeset/ (Changesets' format: the packages it bumps and how, then what changed, in the
// words the Releases page shows); `npm run versions` takes them all, bumps each area named once,
// by the largest bump asked, and writes its CHANGELOG.md. A remote's build carries its version
// (the manifest's buildVersion), so its releases are named by it.
const fs = require('node:fs');
const path = require('node:path');

const LEVELS = ['patch', 'minor', 'major'];

/** The folder of each area, by its name on the command line: `shell` and each remote of remotes.json. */
function areaFolders(root) {
  const remotes = JSON.parse(fs.readFileSync(path.join(root, 'packages/contracts/src/remotes.json'), 'utf8'));
  return { shell: 'shell', ...Object.fromEntries(remotes.map((r) => [r.name, `mf-${r.name}`])) };
}

const packageName = (root, folder) => JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8')).name;

/** One change: the packages it bumps (`"@agency/mf-contacts": minor`) and its summary. */
function parseChangeset(text) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error('A change starts with its packages between two --- lines.');
  const bumps = {};
  for (const line of m[1].split(/\r?\n/).filter((l) => l.trim())) {
    const b = /^\s*["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/.exec(line);
    if (!b) throw new Error(`"${line.trim()}" is not a package and patch, minor or major.`);
    bumps[b[1]] = b[2];
  }
  const summary = m[2].trim().replace(/\s*\n\s*/g, ' ');
  if (!summary) throw new Error('A change says what changed.');
  return { bumps, summary };
}

function bump(version, level) {
  const [major, minor, patch] = version.split('.').map((n) => Number(n) || 0);
  if (level === 'major') return `${major + 1}.0.0`;
  if (level === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Writes a change for `area` (a name of areaFolders); returns its file. */
function addChange(root, area, level, summary) {
  const folders = areaFolders(root);
  if (!folders[area]) throw new Error(`${area} is not an area; name one of: ${Object.keys(folders).join(', ')}.`);
  if (!LEVELS.includes(level)) throw new Error(`${level} is not a bump; name patch, minor or major.`);
  if (!summary || !summary.trim()) throw new Error('Say what changed, in the words the Releases page shows.');
  const dir = path.join(root, '.changeset');
  fs.mkdirSync(dir, { recursive: true });
  const slug = `${area}-${
    summary
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'change'
  }`;
  let file = path.join(dir, `${slug}.md`);
  for (let i = 2; fs.existsSync(file); i++) file = path.join(dir, `${slug}-${i}.md`);
  fs.writeFileSync(file, `---\n"${packageName(root, folders[area])}": ${level}\n---\n\n${summary.trim()}\n`);
  return file;
}

/**
 * Takes every change in .changeset/: each area named gets one new version (its largest bump) and a
 * heading in its CHANGELOG.md with a bullet per change; the change files are removed. Returns the
 * new version of each area bumped.
 */
function applyChanges(root) {
  const dir = path.join(root, '.changeset');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .sort()
    : [];
  const folders = areaFolders(root);
  const byPackage = Object.fromEntries(Object.values(folders).map((folder) => [packageName(root, folder), folder]));
  const pending = {}; // folder -> { level, summaries }
  for (const f of files) {
    const { bumps, summary } = parseChangeset(fs.readFileSync(path.join(dir, f), 'utf8'));
    for (const [pkg, level] of Object.entries(bumps)) {
      const folder = byPackage[pkg];
      if (!folder) throw new Error(`${f} names ${pkg}, which is not an area (${Object.keys(byPackage).join(', ')}).`);
      const p = (pending[folder] ??= { level: 'patch', summaries: [] });
      if (LEVELS.indexOf(level) > LEVELS.indexOf(p.level)) p.level = level;
      p.summaries.push(summary);
    }
  }
  const bumped = {};
  for (const [folder, { level, summaries }] of Object.entries(pending)) {
    const pkgFile = path.join(root, folder, 'package.json');
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    pkg.version = bump(pkg.version, level);
    fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    const logFile = path.join(root, folder, 'CHANGELOG.md');
    const title = `# ${pkg.name}\n`;
    const before = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').replace(title, '').trimStart() : '';
    fs.writeFileSync(logFile, `${title}\n## ${pkg.version}\n\n${summaries.map((s) => `- ${s}`).join('\n')}\n${before ? `\n${before}` : ''}`);
    bumped[folder] = pkg.version;
  }
  for (const f of files) fs.rmSync(path.join(dir, f));
  return bumped;
}

module.exports = { addChange, applyChanges, areaFolders, bump, parseChangeset };
