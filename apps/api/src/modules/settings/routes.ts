import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextTaskIdBody, nextTaskIdReply } from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks/get-id',
    {
      schema: { tags: ['settings'], summary: 'The next task id', response: { 200: nextTaskIdReply } },
      config: { access: 'settings:manage' },
    },
    async () => ({ data: await service.nextTaskId(app) }),
  );

  app.put(
    '/tasks/update-id',
    {
      schema: {
        tags: ['settings'],
        summary: 'Set the next task id (above the highest used)',
        body: nextTaskIdBody,
        response: { 200: nextTaskIdReply },
      },
      config: { access: 'settings:manage', action: 'settings.next_task_id' },
    },
    async (request) => ({
      data: logged(request, await service.setNextTaskId(app, actorOf(request), request.body)),
    }),
  );
};
