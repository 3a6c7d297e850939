import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataReply, idParam, messageReply, sessionListReply } from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

const tags = ['auth'];

/** Each user's own sessions: seen and ended by their owner only (another user's id answers 404). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/sessions',
    {
      schema: { tags, summary: 'Your active sessions', response: { 200: dataReply(sessionListReply) } },
      config: { access: 'account:manage' },
    },
    async (request) => ({ data: await service.list(app, actorOf(request)) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one of your sessions',
        params: idParam,
        response: { 200: dataReply(messageReply) },
      },
      config: { access: 'account:manage', action: 'auth.session_end' },
    },
    async (request) => ({
      data: logged(request, await service.end(app, actorOf(request), request.params.id)),
    }),
  );

  app.delete(
    '/auth/sessions',
    {
      schema: { tags, summary: 'End all your other sessions', response: { 200: dataReply(messageReply) } },
      config: { access: 'account:manage', action: 'auth.sessions_end_others' },
    },
    async (request) => ({ data: logged(request, await service.endOthers(app, actorOf(request))) }),
  );
};
