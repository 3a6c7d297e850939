#!/usr/bin/env node
// Runs the TypeScript entry through tsx (installed at the repository root).
import { register } from 'tsx/esm/api';

register();
const { main, removeScratchOnExit } = await import('../src/cli.ts');
removeScratchOnExit();
process.exitCode = await main(process.argv.slice(2));
