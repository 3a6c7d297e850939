import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionLogsQuery } from './schemas.ts';
import { listActionLogs } from './repository.ts';

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/action-logs',
    {
      schema: { tags: ['logs'], summary: 'Action logs, newest first, paged', querystring: actionLogsQuery },
      config: { access: 'logs:view' },
    },
    async (request) => ({ data: await listActionLogs(app.db, request.query) }),
  );
};
