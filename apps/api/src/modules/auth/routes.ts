import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, passwordEmailBody, passwordResetBody, passwordValidateBody } from '@verba/contracts';
import { unauthenticated } from '../../lib/app-error.ts';
import { findUserById, userDto } from '../users/repository.ts';
import * as auth from './service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Sign in; returns the user and a Bearer token', body: loginBody },
      config: {
        access: 'public',
        action: 'auth.login',
        rateLimit: { max: app.config.login.maxPerIpPerMinute, timeWindow: 60_000 },
      },
    },
    async (request) => ({ data: await auth.login(app, request, request.body.email, request.body.password) }),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Revoke the current token' },
      config: { access: 'authenticated', action: 'auth.logout' },
    },
    async (request) => {
      if (!request.user) throw unauthenticated();
      await auth.logout(app, request.user.session_id);
      request.actionLog.description = 'Signed out';
      return { data: { ok: true, message: request.t('auth.logged_out') } };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user' }, config: { access: 'authenticated' } },
    async (request) => {
      const user = request.user && (await findUserById(app.db, request.user.id));
      if (!user) throw unauthenticated();
      return { data: await userDto(app.db, user) };
    },
  );

  app.post(
    '/auth/password/email',
    {
      schema: { tags: ['auth'], summary: 'Mail a password reset link', body: passwordEmailBody },
      config: {
        access: 'public',
        action: 'auth.password_reset_requested',
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
    },
    async (request) => {
      await auth.sendResetLink(app, request, request.body.email);
      return { data: { message: request.t('auth.reset_link_sent') } };
    },
  );

  app.post(
    '/auth/password/validate',
    {
      schema: { tags: ['auth'], summary: 'Check a password reset token', body: passwordValidateBody },
      config: {
        access: 'public',
        action: 'auth.password_reset_checked',
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
    },
    async (request) => {
      await auth.validateResetToken(app, request.body.token, request.body.email);
      request.actionLog = {
        description: 'Password reset link checked',
        customerId: null,
        userEmail: request.body.email,
      };
      return { data: { valid: true, message: request.t('auth.reset_token_valid') } };
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: { tags: ['auth'], summary: 'Set a new password with a reset token', body: passwordResetBody },
      config: { access: 'public', action: 'auth.password_reset', rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) => {
      await auth.resetPassword(app, request, request.body);
      return { data: { message: request.t('auth.password_reset') } };
    },
  );
};
