#!/usr/bin/env node
// Runs the compiled tool (dist/cli.js, made by `npm run build -w packages/analysis`).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('verba-analyse is not built: run `npm run build -w packages/analysis` first.\n');
  process.exit(2);
}
const { main, removeScratchOnExit } = await import(cli.href);
removeScratchOnExit();
process.exitCode = await main(process.argv.slice(2));
