import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientDashboardReply, staffDashboardReply } from '@verba/contracts';
import { actorOf } from '../../lib/service.ts';
import { clientDashboard, staffDashboard } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/staff',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Staff dashboard: tasks by state, 12 months of work, top customers and pairs, due tasks, analysis queue',
        response: { 200: staffDashboardReply },
      },
      config: { access: 'dashboard:staff' },
    },
    async (request) => ({ data: await staffDashboard(app, actorOf(request)) }),
  );

  app.get(
    '/dashboard/client',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "Client admin dashboard: its customer's spend and words by month and department, open tasks, balance",
        response: { 200: clientDashboardReply },
      },
      config: { access: 'dashboard:client' },
    },
    async (request) => ({ data: await clientDashboard(app, actorOf(request)) }),
  );
};
