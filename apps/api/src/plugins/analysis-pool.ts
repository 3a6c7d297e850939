import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import { AnalysisPool } from '@verba/analysis';

declare module 'fastify' {
  interface FastifyInstance {
    analysis: AnalysisPool;
  }
}

/**
 * The worker entry: beside the compiled server (`dist/analysis-worker.js`, built by
 * scripts/build.mjs), or the package's TypeScript run through tsx in development and tests.
 */
function workerEntry(): { workerUrl: URL; lookupWorkerUrl: URL; typescript?: boolean } {
  if (import.meta.url.endsWith('.js'))
    return {
      workerUrl: new URL('./analysis-worker.js', import.meta.url),
      lookupWorkerUrl: new URL('./lookup-worker.js', import.meta.url),
    };
  const require = createRequire(import.meta.url);
  return {
    workerUrl: pathToFileURL(require.resolve('@verba/analysis/worker')),
    lookupWorkerUrl: pathToFileURL(require.resolve('@verba/analysis/lookup-worker')),
    typescript: true,
  };
}

/** Analyses run in worker threads, so the event loop keeps answering while a large file is counted. */
export const analysisPoolPlugin = fp(async (app) => {
  const pool = new AnalysisPool({
    ...workerEntry(),
    size: app.config.analysis.workers,
    lookupThreads: app.config.analysis.lookupThreads,
    lookupThreadsFromUnits: app.config.analysis.lookupThreadsFromUnits,
    keptUnits: app.config.analysis.keptUnits,
    onWarning: (message) => app.log.warn(message),
    maxHeapMb: app.config.analysis.workerHeapMb,
  });
  app.decorate('analysis', pool);
  app.addHook('onClose', async () => {
    await pool.close();
  });
});
