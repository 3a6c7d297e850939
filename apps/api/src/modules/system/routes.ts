import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReply, mailOutboxReply, uiErrorBody, uiErrorReply } from '@verba/contracts';
import { logged } from '../../lib/service.ts';
import * as service from './service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthReply } },
      config: { access: 'public' },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/health/live',
    {
      schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: healthReply } },
      config: { access: 'public' },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness for a load balancer: 503 while the server stops or its database does not answer',
        response: { 200: healthReply },
      },
      config: { access: 'public' },
    },
    async () => ({
      data: await service.readiness({
        db: app.db,
        stopping: app.lifecycle.stopping,
        lastAnsweredAt: app.database.lastAnsweredAt,
      }),
    }),
  );

  app.post(
    '/ui-error',
    {
      schema: {
        tags: ['system'],
        summary: 'Store a rendering failure of the web app',
        body: uiErrorBody,
        response: { 201: uiErrorReply },
      },
      config: { access: 'public', action: 'ui.error', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const reporter = { userId: request.user?.id ?? null, userAgent: request.headers['user-agent'] ?? null };
      const data = logged(request, await service.storeUiError(app, reporter, request.body));
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/dev/mail-outbox',
    {
      schema: {
        tags: ['system'],
        summary: 'Mails kept in the outbox (development and demos only)',
        response: { 200: mailOutboxReply },
      },
      config: { access: 'mail-outbox:view' },
    },
    async () => ({ data: await service.mailOutbox(app) }),
  );
};
