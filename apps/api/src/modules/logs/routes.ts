import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionChoicesReply, actionLogFilters, actionLogPageReply, actionLogsQuery } from '@verba/contracts';
import { contentDisposition } from '../../lib/http.ts';
import { actorOf } from '../../lib/service.ts';
import { actionChoices, exportActionLogs, listActionLogs } from './service.ts';

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/action-logs',
    {
      schema: {
        tags: ['logs'],
        summary: "Action logs, newest first, paged; action and description in the reader's language",
        querystring: actionLogsQuery,
        response: { 200: actionLogPageReply },
      },
      config: { access: 'logs:view' },
    },
    async (request) => ({ data: await listActionLogs(app, actorOf(request), request.query) }),
  );

  app.get(
    '/action-logs/actions',
    {
      schema: {
        tags: ['logs'],
        summary: "The actions to filter by, named in the reader's language",
        response: { 200: actionChoicesReply },
      },
      config: { access: 'logs:view' },
    },
    async (request) => ({ data: actionChoices(actorOf(request)) }),
  );

  app.get(
    '/action-logs/export',
    {
      schema: {
        tags: ['logs'],
        summary: 'The filtered action logs as CSV (newest first, at most 50,000 rows)',
        querystring: actionLogFilters,
        produces: ['text/csv'],
      },
      config: { access: 'logs:view', binary: true },
    },
    async (request, reply) => {
      const file = await exportActionLogs(app, actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );
};
