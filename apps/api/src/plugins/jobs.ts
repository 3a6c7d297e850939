import fp from 'fastify-plugin';
import { InProcessQueue } from './in-process-queue.ts';
import type { JobQueue } from './job-queue.ts';
import { PgBossQueue } from './pg-boss-queue.ts';

export type { JobHandler, JobQueue } from './job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export const jobsPlugin = fp(async (app) => {
  const queue: JobQueue = app.config.databaseUrl
    ? new PgBossQueue(app.config.databaseUrl, app.log)
    : new InProcessQueue(app.db, app.log, app.database.listen);
  app.decorate('jobs', queue);
  app.addHook('onClose', async () => queue.stop());
});
