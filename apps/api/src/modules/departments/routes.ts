import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { departmentBody, idParam } from '@verba/contracts';
import * as service from './service.ts';

export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/departments',
    { schema: { tags: ['departments'] }, config: { access: 'departments:view' } },
    async (request) => ({
      data: await service.list(app, request),
    }),
  );

  app.get(
    '/departments/:id',
    { schema: { tags: ['departments'], params: idParam }, config: { access: 'departments:view' } },
    async (request) => ({ data: await service.show(app, request, request.params.id) }),
  );

  app.post(
    '/departments/store',
    {
      schema: { tags: ['departments'], body: departmentBody },
      config: { access: 'departments:manage', action: 'departments.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(app, request, request.body) }),
  );

  app.put(
    '/departments/:id',
    {
      schema: { tags: ['departments'], params: idParam, body: departmentBody },
      config: { access: 'departments:manage', action: 'departments.update' },
    },
    async (request) => ({ data: await service.update(app, request, request.params.id, request.body) }),
  );

  app.delete(
    '/departments/:id',
    {
      schema: { tags: ['departments'], params: idParam },
      config: { access: 'departments:manage', action: 'departments.delete' },
    },
    async (request) => ({ data: await service.remove(app, request, request.params.id) }),
  );

  app.get(
    '/users/departments',
    {
      schema: { tags: ['departments'], summary: 'Departments the signed-in client may order for' },
      config: { access: 'tasks:create' },
    },
    async (request) => ({ data: { departments: await service.forCurrentUser(app, request) } }),
  );
};
