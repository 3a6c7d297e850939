import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, idParam, languageBody, pageQuery, userBody } from '@verba/contracts';
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

const listQuery = pageQuery.extend({
  customer_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(255).optional(),
  lang: z.string().optional(),
});
const validateQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  lang: z.string().optional(),
});

export const userManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: { tags: ['users'], summary: 'Users the caller manages, paged', querystring: listQuery },
      config: { access: 'users:list' },
    },
    async (request) => ({ data: await users.listVisibleUsers(app, request, request.query) }),
  );

  app.get(
    '/users/payment-scheme',
    {
      schema: { tags: ['users'], summary: "The signed-in client's payment scheme" },
      config: { access: 'tasks:list' },
    },
    async (request) => ({ data: await users.paymentScheme(app, request) }),
  );

  app.get(
    '/users/:id',
    { schema: { tags: ['users'], params: idParam }, config: { access: 'users:view' } },
    async (request) => ({ data: await users.showUser(app, request, request.params.id) }),
  );

  app.post(
    '/users/validate',
    {
      schema: {
        tags: ['users'],
        summary: 'Check a user form without saving',
        querystring: validateQuery,
        body: userBody,
      },
      config: { access: 'users:create', action: 'users.validate' },
    },
    async (request) => ({ data: await users.validateUser(app, request, request.body, request.query.id) }),
  );

  app.post(
    '/users/store',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user; it gets a mail to set its password',
        body: userBody,
      },
      config: { access: 'users:create', action: 'users.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await users.createUser(app, request, request.body) }),
  );

  app.put(
    '/users/:id',
    {
      schema: { tags: ['users'], params: idParam, body: userBody },
      config: { access: 'users:edit', action: 'users.update' },
    },
    async (request) => ({ data: await users.updateUserById(app, request, request.params.id, request.body) }),
  );

  app.delete(
    '/users/:id',
    {
      schema: { tags: ['users'], params: idParam },
      config: { access: 'users:delete', action: 'users.delete' },
    },
    async (request) => ({ data: await users.deleteUserById(app, request, request.params.id) }),
  );
};
