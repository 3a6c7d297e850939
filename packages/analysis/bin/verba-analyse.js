#!/usr/bin/env node
// Runs the TypeScript entry through tsx (installed at the repository root).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
