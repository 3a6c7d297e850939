// Compiles the API to JavaScript for `npm start` (DESIGN §13: tsx is for development only).
// Our own code (apps/api and the workspace packages, which ship TypeScript) is bundled; every
// package from node_modules stays an import, so native addons (argon2), PGlite's wasm and
// pdfkit's font files load from where npm put them.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiRoot, 'dist');

const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@verba/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    // Started by the analysis pool as a worker thread, beside server.js.
    'analysis-worker': '../../packages/analysis/src/worker/entry.ts',
    // Started by an analysis worker to share the lookups in a large memory, beside it.
    'lookup-worker': '../../packages/analysis/src/worker/lookup-entry.ts',
  },
  absWorkingDir: apiRoot,
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
});
// db/client.ts finds its migrations beside itself; in the bundle that is dist/.
await cp(path.join(apiRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// db/seed/demo-files.ts finds the demo's sample documents beside itself; in the bundle that is dist/.
await cp(path.join(apiRoot, 'src/db/seed/demo-files'), path.join(outdir, 'demo-files'), { recursive: true });
console.log(
  `API built to ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
