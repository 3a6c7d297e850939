import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, idParam, languageBody } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import * as users from './service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/:id/changePassword',
    {
      schema: {
        tags: ['users'],
        summary: 'Change your own password',
        params: idParam,
        body: changePasswordBody,
      },
      config: { access: 'account:manage', action: 'users.change_password' },
    },
    async (request) => {
      await users.changeOwnPassword(app, request, request.params.id, request.body.password);
      return { data: { message: request.t('auth.password_changed') } };
    },
  );

  app.post(
    '/users/:id/language',
    {
      schema: {
        tags: ['users'],
        summary: 'Set your interface language',
        params: idParam,
        body: languageBody,
      },
      config: { access: 'account:manage', action: 'users.change_language' },
    },
    async (request) => {
      const user = await users.changeOwnLanguage(app, request, request.params.id, request.body.language);
      request.t = translator(user.language);
      return { data: { locale: user.language, user } };
    },
  );
};
