import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataReply,
  idParam,
  loginResponseSchema,
  messageReply,
  requireTwoFactorBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnabledReply,
  twoFactorLoginBody,
  twoFactorSetupReply,
  twoFactorStatusReply,
} from '@verba/contracts';
import { actorOf, anonymousOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

const tags = ['auth'];

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    await service.resealSecrets(app);
  });
  app.post(
    '/auth/two-factor',
    {
      schema: {
        tags,
        summary: 'Second step of a sign-in: the challenge and a code or a recovery code; returns the token',
        body: twoFactorLoginBody,
        response: { 200: dataReply(loginResponseSchema) },
      },
      config: {
        access: 'public',
        action: 'auth.two_factor_login',
        rateLimit: { max: app.config.login.maxPerIpPerMinute, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const { challenge, code, recovery_code } = request.body;
      const userAgent = request.headers['user-agent'];
      return {
        data: logged(
          request,
          await service.completeSignIn(app, anonymousOf(request), {
            challenge,
            code,
            recovery_code,
            userAgent,
          }),
        ),
      };
    },
  );

  app.get(
    '/auth/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether your second factor is on and required',
        response: { 200: dataReply(twoFactorStatusReply) },
      },
      config: { access: 'authenticated', enrolment: true },
    },
    async (request) => ({ data: await service.status(app, actorOf(request)) }),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      schema: {
        tags,
        summary: 'A new authenticator key (not in use until enabled)',
        response: { 200: dataReply(twoFactorSetupReply) },
      },
      config: { access: 'authenticated', action: 'auth.two_factor_setup', enrolment: true },
    },
    async (request) => ({ data: logged(request, await service.setup(app, actorOf(request))) }),
  );

  app.post(
    '/auth/two-factor/enable',
    {
      schema: {
        tags,
        summary: 'Confirm the key with a first code; returns the recovery codes once',
        body: twoFactorEnableBody,
        response: { 200: dataReply(twoFactorEnabledReply) },
      },
      config: { access: 'authenticated', action: 'auth.two_factor_enable', enrolment: true },
    },
    async (request) => ({
      data: logged(request, await service.enable(app, actorOf(request), request.body.code)),
    }),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn the second factor off (current password and a code)',
        body: twoFactorDisableBody,
        response: { 200: dataReply(messageReply) },
      },
      config: { access: 'authenticated', action: 'auth.two_factor_disable' },
    },
    async (request) => ({
      data: logged(request, await service.disable(app, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/users/:id/two-factor/reset',
    {
      schema: {
        tags,
        summary: "Reset a user's second factor (VERBA_ADMIN; a client admin for its own users)",
        params: idParam,
        response: { 200: dataReply(messageReply) },
      },
      config: { access: 'authenticated', action: 'auth.two_factor_reset' },
    },
    async (request) => ({
      data: logged(request, await service.resetUser(app, actorOf(request), request.params.id)),
    }),
  );

  app.put(
    '/customers/:id/require-2fa',
    {
      schema: {
        tags,
        summary: "Require a second factor of the customer's users from their next sign-in",
        params: idParam,
        body: requireTwoFactorBody,
        response: { 200: dataReply(messageReply) },
      },
      config: { access: 'authenticated', action: 'auth.require_2fa' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.requireForCustomer(app, actorOf(request), request.params.id, request.body.require_2fa),
      ),
    }),
  );
};
