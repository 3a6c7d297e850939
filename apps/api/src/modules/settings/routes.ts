import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { nextTaskIdBody } from '@verba/contracts';
import { settings, tasks } from '../../db/schema/index.ts';
import { NEXT_TASK_ID_KEY } from '../../db/seed/reference.ts';
import { invalid } from '../../lib/app-error.ts';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks/get-id',
    { schema: { tags: ['settings'], summary: 'The next task id' }, config: { access: 'settings:manage' } },
    async () => {
      const [row] = await app.db.select().from(settings).where(eq(settings.key, NEXT_TASK_ID_KEY));
      return { data: { id: Number(row?.value ?? 1) } };
    },
  );

  app.put(
    '/tasks/update-id',
    {
      schema: {
        tags: ['settings'],
        summary: 'Set the next task id (above the highest used)',
        body: nextTaskIdBody,
      },
      config: { access: 'settings:manage', action: 'settings.next_task_id' },
    },
    async (request) => {
      // Task codes are numeric strings; the next id must stay above every code and id already used.
      const [used] = await app.db
        .select({
          highest: sql<number>`greatest(coalesce(max(${tasks.id}), 0), coalesce(max(case when ${tasks.code} ~ '^[0-9]{1,10}$' then ${tasks.code}::bigint end), 0))::int`,
        })
        .from(tasks);
      const highest = Number(used?.highest ?? 0);
      if (request.body.id <= highest) {
        throw invalid({ id: [{ key: 'settings.next_id_too_low', values: { highest } }] });
      }
      await app.db
        .insert(settings)
        .values({ key: NEXT_TASK_ID_KEY, value: String(request.body.id) })
        .onConflictDoUpdate({ target: settings.key, set: { value: String(request.body.id) } });
      request.actionLog.description = `Next task id set to ${request.body.id}`;
      return { data: { id: request.body.id } };
    },
  );
};
