import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc } from 'drizzle-orm';
import { mailOutbox, uiErrors } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

const uiErrorBody = z.object({
  error: z.object({
    message: z.string().max(2000),
    name: z.string().max(255).optional(),
    string: z.string().max(4000).optional(),
  }),
  stackTrace: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
});

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness' }, config: { access: 'public' } },
    async () => ({ data: { status: 'ok' } }),
  );

  app.post(
    '/ui-error',
    {
      schema: { tags: ['system'], summary: 'Store a rendering failure of the web app', body: uiErrorBody },
      config: { access: 'public', action: 'ui.error', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { error, stackTrace, url } = request.body;
      await app.db.insert(uiErrors).values({
        message: error.message,
        name: error.name ?? null,
        detail: error.string ?? null,
        stack: stackTrace ?? null,
        url: url ?? null,
        user_id: request.user?.id ?? null,
        user_agent: request.headers['user-agent'] ?? null,
      });
      request.actionLog.description = `Rendering error: ${error.message.slice(0, 200)}`;
      return reply.status(201).send({ data: { stored: true } });
    },
  );

  app.get(
    '/dev/mail-outbox',
    {
      schema: { tags: ['system'], summary: 'Mails kept in the outbox (development and demos only)' },
      config: { access: 'mail-outbox:view' },
    },
    async () => {
      if (app.config.production) throw notFound();
      const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
      return { data: rows };
    },
  );
};
