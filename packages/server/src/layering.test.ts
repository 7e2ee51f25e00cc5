import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/*
 * The server's areas (each folder of modules/ and providers/, and each other folder or file of src)
 * depend on each other in one direction: no area imports, at run time, one that imports it back,
 * directly or round a longer loop. A piece two areas share moves down into an area of its own.
 * Type-only imports are free (they vanish at run time), and so is what only tests load (the
 * testing harness and each module's test support files).
 */

const src = dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' && dir === src ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') && !/^test[A-Z-]/.test(e.name) ? [path] : [];
  });
}

function areaOf(file: string): string {
  const parts = relative(src, file).split(sep);
  if ((parts[0] === 'modules' || parts[0] === 'providers') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

const IMPORT = /^import\s+(?!type\s)([^;]*?)\s+from\s+'(\.{1,2}\/[^']+)';/gm;
const TYPES_ONLY = /^\{\s*(?:type\s+\w+(?:\s+as\s+\w+)?\s*,?\s*)+\}$/;

/** area → the areas it imports at run time, each with one file that does it (for the message). */
function areaGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(src)) {
    const from = areaOf(file);
    for (const [, what, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (TYPES_ONLY.test(what!.trim())) continue;
      const to = areaOf(normalize(join(dirname(file), spec!)));
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, relative(src, file));
    }
  }
  return graph;
}

/** Every loop of areas (Tarjan's strongly connected components of more than one area). */
function loops(graph: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('no area of the server imports one that imports it back', () => {
  const graph = areaGraph();
  const described = loops(graph).map((areas) => {
    const edges = areas.flatMap((a) => areas.filter((b) => graph.get(a)?.has(b)).map((b) => `  ${a} -> ${b} (${graph.get(a)!.get(b)})`));
    return `${areas.join(', ')}:\n${edges.join('\n')}`;
  });
  assert.deepEqual(described, [], `areas that import each other:\n${described.join('\n')}`);
});

test('the area graph sees the imports it should', () => {
  // A guard for the guard: if the parsing broke, the test above would pass on an empty graph.
  const graph = areaGraph();
  assert.ok(graph.get('modules/clients')?.has('modules/clientStore'));
  assert.ok(graph.get('modules/auth')?.has('modules/accounts'));
});
