// A server process that takes a job and then dies mid-job (the parent kills it): see jobs.pg.test.ts.
import Fastify from 'fastify';
import { PgBossQueue } from '../src/plugins/pg-boss-queue.ts';

const [url, queueName] = process.argv.slice(2) as [string, string];
const queue = new PgBossQueue(
  url,
  Fastify({ logger: false }).log,
  { leaseSeconds: 3, heartbeatSeconds: 1, maintenanceIntervalSeconds: 1 },
  100,
);
queue.work(queueName, async () => {
  process.stdout.write('taken\n');
  await new Promise(() => {});
});
await queue.start();
