import type { FastifyInstance } from 'fastify';
import { seedDemoGuestQuote } from './demo-guest.ts';
import { seedDemoMemory } from './demo-memory.ts';
import { seedDemoRates } from './demo-rates.ts';
import { seedDemoTasks } from './demo-tasks.ts';

/**
 * What the demo shows beyond its accounts: rates, Acme's translation memory, a guest's
 * quote request, then tasks in every state made through the API. Rates and memory come
 * first, so the tasks are priced and matched as a client's would be.
 */
export async function seedDemoContent(
  app: FastifyInstance,
  ids: { acme: number; globex: number; admin: number; password: string },
): Promise<void> {
  const started = performance.now();
  await seedDemoRates(app.db, ids);
  const units = await seedDemoMemory(app.db, ids);
  // The guest's quote request first: it is task 1, as the README's link and the list show it.
  await seedDemoGuestQuote(app);
  await seedDemoTasks(app, ids);
  app.log.info(
    `Demo content loaded in ${Math.round(performance.now() - started)} ms (rates, ${units} memory units, a guest quote request and 6 tasks)`,
  );
}
