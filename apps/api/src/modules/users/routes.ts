import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  dataReply,
  deleteOutcomeSchema,
  idParam,
  languageBody,
  languageChangedReply,
  messageReply,
  pageOf,
  paymentSchemeReply,
  userBody,
  userDetailSchema,
  userListRowSchema,
  userListQuery,
  userValidateQuery,
} from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import { actorOf, logged } from '../../lib/service.ts';
import { isOwnPassword } from '../auth/service.ts';
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
        response: { 200: dataReply(messageReply) },
      },
      config: { access: 'account:manage', action: 'users.change_password' },
    },
    async (request) => {
      const changed = await users.changeOwnPassword(
        app,
        actorOf(request),
        request.params.id,
        request.body,
        (user, password) => isOwnPassword(app, user, request.ip, password),
      );
      return { data: logged(request, changed) };
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
        response: { 200: dataReply(languageChangedReply) },
      },
      config: { access: 'account:manage', action: 'users.change_language', enrolment: true },
    },
    async (request) => {
      const changed = await users.changeOwnLanguage(
        app,
        actorOf(request),
        request.params.id,
        request.body.language,
      );
      const user = logged(request, changed);
      request.t = translator(user.language);
      return { data: { locale: user.language, user } };
    },
  );
};

const userReply = { 200: dataReply(userDetailSchema) };

export const userManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Users the caller manages, paged',
        querystring: userListQuery,
        response: { 200: dataReply(pageOf(userListRowSchema)) },
      },
      config: { access: 'users:list' },
    },
    async (request) => ({ data: await users.listVisibleUsers(app, actorOf(request), request.query) }),
  );

  app.get(
    '/users/payment-scheme',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in client's payment scheme",
        response: { 200: dataReply(paymentSchemeReply) },
      },
      config: { access: 'tasks:list' },
    },
    async (request) => ({ data: await users.paymentScheme(app, actorOf(request)) }),
  );

  app.get(
    '/users/:id',
    { schema: { tags: ['users'], params: idParam, response: userReply }, config: { access: 'users:view' } },
    async (request) => ({ data: await users.showUser(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/users/validate',
    {
      schema: {
        tags: ['users'],
        summary: 'Check a user form without saving',
        querystring: userValidateQuery,
        body: userBody,
        response: { 200: dataReply(z.object({ valid: z.boolean() })) },
      },
      config: { access: 'users:create', action: 'users.validate' },
    },
    async (request) => ({
      data: logged(request, await users.validateUser(app, actorOf(request), request.body, request.query.id)),
    }),
  );

  app.post(
    '/users/store',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user; it gets a mail to set its password',
        body: userBody,
        response: { 201: dataReply(userDetailSchema) },
      },
      config: { access: 'users:create', action: 'users.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await users.createUser(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/users/:id',
    {
      schema: { tags: ['users'], params: idParam, body: userBody, response: userReply },
      config: { access: 'users:edit', action: 'users.update' },
    },
    async (request) => {
      const updated = await users.updateUserById(app, actorOf(request), request.params.id, request.body);
      return { data: logged(request, updated) };
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: { tags: ['users'], params: idParam, response: { 200: dataReply(deleteOutcomeSchema) } },
      config: { access: 'users:delete', action: 'users.delete' },
    },
    async (request) => ({
      data: logged(request, await users.deleteUserById(app, actorOf(request), request.params.id)),
    }),
  );
};
