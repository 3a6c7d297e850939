import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionLogPageReply } from '@verba/contracts';
import { actionLogsQuery } from './schemas.ts';
import { listActionLogs } from './service.ts';

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/action-logs',
    {
      schema: {
        tags: ['logs'],
        summary: 'Action logs, newest first, paged',
        querystring: actionLogsQuery,
        response: { 200: actionLogPageReply },
      },
      config: { access: 'logs:view' },
    },
    async (request) => ({ data: await listActionLogs(app, request.query) }),
  );
};
