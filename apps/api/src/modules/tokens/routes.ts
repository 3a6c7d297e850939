import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, tokenBody, tokenCreatedSchema, tokenSchema } from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tokens',
    {
      schema: {
        tags: ['tokens'],
        summary:
          "Your personal API tokens (a client admin's: its customer's users' too); never their secrets",
        response: { 200: dataReply(z.array(tokenSchema)) },
      },
      config: { access: 'account:manage' },
    },
    async (request) => ({ data: await service.list(app, actorOf(request)) }),
  );

  app.post(
    '/tokens',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Create a personal API token; data.token is its secret, shown this once',
        description:
          'Send it as `Authorization: Bearer vrb_…`. It acts as its user within its scopes: a route outside them ' +
          'answers 403 naming the missing scope; a revoked or expired token answers 401.',
        body: tokenBody,
        response: { 201: dataReply(tokenCreatedSchema) },
      },
      config: { access: 'account:manage', action: 'tokens.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.create(app, actorOf(request), request.body)) }),
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Revoke a token, at once',
        params: idParam,
        response: { 200: dataReply(tokenSchema) },
      },
      config: { access: 'account:manage', action: 'tokens.revoke' },
    },
    async (request) => ({
      data: logged(request, await service.revoke(app, actorOf(request), request.params.id)),
    }),
  );
};
