// dependency-cruiser (`npm run lint`): our TypeScript files may not import each other in a cycle.
// Only static value imports count: `import type` and lazy `import()` cannot cause an
// initialisation cycle. Module and feature boundaries are ESLint's (verba/import-boundaries).
const notTypeOrLazy = { dependencyTypesNot: ['type-only', 'dynamic-import'] };

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'Files that import each other in a cycle load in an order that depends on who came first.',
      from: {},
      to: { circular: true, ...notTypeOrLazy, viaOnly: notTypeOrLazy },
    },
  ],
  options: {
    includeOnly: '^(apps|packages)/[^/]+/src/',
    exclude: { path: '\\.test\\.tsx?$' },
    // Reads `import type` too, so the rule can tell it from a value import.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
