import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataReply,
  loginBody,
  loginReplySchema,
  logoutReply,
  messageReply,
  passwordEmailBody,
  passwordResetBody,
  passwordValidateBody,
  resetTokenValidReply,
  userSchema,
} from '@verba/contracts';
import { actorOf, anonymousOf, logged } from '../../lib/service.ts';
import * as auth from './service.ts';
import { registerResetMailJob } from './reset-mail-job.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResetMailJob(app);
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; returns the user and a Bearer token',
        body: loginBody,
        response: { 200: dataReply(loginReplySchema) },
      },
      config: {
        access: 'public',
        action: 'auth.login',
        rateLimit: { max: app.config.login.maxPerIpPerMinute, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const userAgent = request.headers['user-agent'];
      return {
        data: logged(request, await auth.login(app, anonymousOf(request), { email, password, userAgent })),
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: { 200: dataReply(logoutReply) },
      },
      config: { access: 'authenticated', action: 'auth.logout', enrolment: true },
    },
    async (request) => ({ data: logged(request, await auth.logout(app, actorOf(request))) }),
  );

  app.get(
    '/auth/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: dataReply(userSchema) } },
      config: { access: 'authenticated', enrolment: true },
    },
    async (request) => ({ data: await auth.currentUser(app, actorOf(request)) }),
  );

  app.post(
    '/auth/password/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: passwordEmailBody,
        response: { 200: dataReply(messageReply) },
      },
      config: {
        access: 'public',
        action: 'auth.password_reset_requested',
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
    },
    async (request) => ({
      data: logged(request, await auth.sendResetLink(app, anonymousOf(request), request.body.email)),
    }),
  );

  app.post(
    '/auth/password/validate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a password reset token',
        body: passwordValidateBody,
        response: { 200: dataReply(resetTokenValidReply) },
      },
      config: {
        access: 'public',
        action: 'auth.password_reset_checked',
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const { token, email } = request.body;
      return {
        data: logged(request, await auth.validateResetToken(app, anonymousOf(request), token, email)),
      };
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: passwordResetBody,
        response: { 200: dataReply(messageReply) },
      },
      config: { access: 'public', action: 'auth.password_reset', rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) => ({
      data: logged(request, await auth.resetPassword(app, anonymousOf(request), request.body)),
    }),
  );
};
