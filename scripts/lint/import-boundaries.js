// ESLint rule `verba/import-boundaries`: an import from a file inside `target` may not reach a file
// inside `from`, unless it is one of `except` (decision 0009). Our imports are relative with their
// extension, so resolving them needs no resolver: the path is the file.
import path from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(folder + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps modules and features to their public entry points.' },
    schema: [{ type: 'object', properties: { basePath: { type: 'string' }, zones: { type: 'array' } } }],
  },
  create(context) {
    const { basePath, zones } = context.options[0];
    const file = context.filename;
    // A trailing `/**` means the folder itself.
    const abs = (p) => path.resolve(basePath, p.replace(/\/\*\*$/, ''));
    const mine = zones
      .map((zone) => ({
        ...zone,
        targets: [zone.target].flat().map(abs),
        froms: [zone.from].flat().map(abs),
        excepts: (zone.except ?? []).map((e) => (e.startsWith('./') ? e : abs(e))),
      }))
      .filter((zone) => zone.targets.some((t) => inside(file, t)));
    if (!mine.length) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), spec);
      for (const zone of mine) {
        const from = zone.froms.find((f) => inside(imported, f));
        if (!from) continue;
        const allowed = zone.excepts.some((e) =>
          e.startsWith('./') ? imported === path.resolve(from, e) : matchesGlob(imported, e),
        );
        if (!allowed) context.report({ node: node.source, message: zone.message });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** `*` stands for one path segment. */
function matchesGlob(file, pattern) {
  const re = new RegExp(
    '^' +
      pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*') +
      '$',
  );
  return re.test(file);
}
