import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Where a worker thread starts: a compiled entry, or TypeScript run through tsx (development, tests). */
export interface WorkerEntry {
  url: URL;
  typescript?: boolean;
}

/** A worker thread on `entry`, unreferenced: an idle worker must not keep the process alive. */
export function spawnWorker(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  const worker = entry.typescript
    ? new Worker(typescriptBootstrap(entry.url), { ...options, eval: true })
    : new Worker(entry.url, options);
  worker.unref();
  return worker;
}

/**
 * Loader hooks given on the command line do not reach a worker's own entry in Node 20, so a
 * TypeScript worker starts from this script, which registers tsx in the worker and then imports it.
 */
function typescriptBootstrap(entry: URL): string {
  // The ESM build of tsx's API (resolving 'tsx/esm/api' from here would pick its CommonJS build).
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
}
