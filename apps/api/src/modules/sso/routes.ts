import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataReply,
  idParam,
  loginReplySchema,
  ssoCallbackBody,
  ssoProviderBody,
  ssoProviderSchema,
  ssoStartBody,
  ssoStartReply,
} from '@verba/contracts';
import { actorOf, anonymousOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';
import * as signIn from './sign-in.ts';

const tags = ['sso'];

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.login.maxPerIpPerMinute, timeWindow: 60_000 };
  app.addHook('onReady', async () => {
    await service.resealClientSecrets(app);
  });

  app.post(
    '/auth/sso/start',
    {
      schema: {
        tags,
        summary: "The sign-in screen's first step: password, or the identity provider's address",
        description:
          'The answer depends on the e-mail domain only, never on whether an account exists. ' +
          'With `method: sso`, the browser goes to `authorization_url` (authorisation code with PKCE).',
        body: ssoStartBody,
        response: { 200: dataReply(ssoStartReply) },
      },
      config: { access: 'public', action: 'auth.sso_login', rateLimit },
    },
    async (request) => ({ data: logged(request, await signIn.start(app, request.body.email)) }),
  );

  app.post(
    '/auth/sso/callback',
    {
      schema: {
        tags,
        summary: "The identity provider's answer (the query of /login/sso): returns the token",
        body: ssoCallbackBody,
        response: { 200: dataReply(loginReplySchema) },
      },
      config: { access: 'public', action: 'auth.sso_login', rateLimit },
    },
    async (request) => ({
      data: logged(
        request,
        await signIn.complete(app, anonymousOf(request), request.body, request.headers['user-agent']),
      ),
    }),
  );

  app.get(
    '/sso/providers',
    {
      schema: {
        tags,
        summary: 'Identity providers of the customers and the staff (never their client secrets)',
        response: { 200: dataReply(z.array(ssoProviderSchema)) },
      },
      config: { access: 'sso:manage' },
    },
    async (request) => ({ data: await service.listProviders(app, actorOf(request)) }),
  );

  app.post(
    '/sso/providers',
    {
      schema: {
        tags,
        summary: 'Add an identity provider (customer_id null: the staff)',
        body: ssoProviderBody,
        response: { 201: dataReply(ssoProviderSchema) },
      },
      config: { access: 'sso:manage', action: 'sso.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.createProvider(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/sso/providers/:id',
    {
      schema: {
        tags,
        summary: 'Change an identity provider; without client_secret the stored one stays',
        params: idParam,
        body: ssoProviderBody,
        response: { 200: dataReply(ssoProviderSchema) },
      },
      config: { access: 'sso:manage', action: 'sso.update' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.updateProvider(app, actorOf(request), request.params.id, request.body),
      ),
    }),
  );

  app.delete(
    '/sso/providers/:id',
    {
      schema: { tags, params: idParam, response: { 200: dataReply(ssoProviderSchema) } },
      config: { access: 'sso:manage', action: 'sso.delete' },
    },
    async (request) => ({
      data: logged(request, await service.deleteProvider(app, actorOf(request), request.params.id)),
    }),
  );
};
