import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataReply,
  departmentBody,
  departmentDeletedReply,
  departmentSchema,
  departmentsReply,
  idParam,
} from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

const departmentReply = { 200: dataReply(departmentSchema) };

export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/departments',
    {
      schema: { tags: ['departments'], response: { 200: dataReply(z.array(departmentSchema)) } },
      config: { access: 'departments:view' },
    },
    async (request) => ({ data: await service.list(app, actorOf(request)) }),
  );

  app.get(
    '/departments/:id',
    {
      schema: { tags: ['departments'], params: idParam, response: departmentReply },
      config: { access: 'departments:view' },
    },
    async (request) => ({ data: await service.show(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/departments/store',
    {
      schema: { tags: ['departments'], body: departmentBody, response: { 201: dataReply(departmentSchema) } },
      config: { access: 'departments:manage', action: 'departments.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.create(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/departments/:id',
    {
      schema: { tags: ['departments'], params: idParam, body: departmentBody, response: departmentReply },
      config: { access: 'departments:manage', action: 'departments.update' },
    },
    async (request) => ({
      data: logged(request, await service.update(app, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/departments/:id',
    {
      schema: {
        tags: ['departments'],
        params: idParam,
        response: { 200: dataReply(departmentDeletedReply) },
      },
      config: { access: 'departments:manage', action: 'departments.delete' },
    },
    async (request) => ({
      data: logged(request, await service.remove(app, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/users/departments',
    {
      schema: {
        tags: ['departments'],
        summary: 'Departments the signed-in client may order for',
        response: { 200: dataReply(departmentsReply) },
      },
      config: { access: 'tasks:create' },
    },
    async (request) => ({ data: { departments: await service.forCurrentUser(app, actorOf(request)) } }),
  );
};
