// Fails when our TypeScript files import each other in a cycle (static value imports; `import type`
// and lazy `import()` cannot cause an initialisation cycle and are left out). Run by `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
const files = ['apps', 'packages']
  .flatMap((group) => readdirSync(path.join(root, group)).map((name) => path.join(root, group, name, 'src')))
  .flatMap((src) => {
    try {
      return sources(src);
    } catch {
      return [];
    }
  });
const known = new Set(files);

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm;
const graph = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => path.resolve(path.dirname(file), m[1]))
      .filter((target) => known.has(target));
    return [file, targets];
  }),
);

// Tarjan's strongly connected components: any component of two or more files is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(file) {
  const node = { index, low: index, onStack: true };
  index++;
  state.set(file, node);
  stack.push(file);
  for (const next of graph.get(file)) {
    const seen = state.get(next);
    if (!seen) {
      visit(next);
      node.low = Math.min(node.low, state.get(next).low);
    } else if (seen.onStack) node.low = Math.min(node.low, seen.index);
  }
  if (node.low === node.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) cycles.push(component);
  }
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (cycles.length) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  ${cycle.map((f) => path.relative(root, f)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycle among ${files.length} files.`);
