// Compiles the command-line tool to JavaScript (dist/cli.js), as apps/api/scripts/build.mjs does
// for the server: bin/verba-analyse.js then starts without compiling TypeScript on every run.
// Packages from node_modules stay imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: { cli: 'src/cli.ts' },
  absWorkingDir: root,
  outdir: path.join(root, 'dist'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
