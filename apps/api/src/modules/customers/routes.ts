import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignProjectsBody, bonusBody, customerBody, idParam, pageQuery } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import * as service from './service.ts';

const listQuery = pageQuery.extend({
  search: z.string().trim().max(255).optional(),
  lang: z.string().optional(),
});
const customerIdQuery = z.object({
  customer_id: z.coerce.number().int().positive(),
  lang: z.string().optional(),
});

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: { tags: ['customers'], summary: 'Customers, paged', querystring: listQuery },
      config: { access: 'customers:list' },
    },
    async (request) => ({ data: await repo.listCustomers(app.db, request.query) }),
  );

  app.get(
    '/customers/:id',
    { schema: { tags: ['customers'], params: idParam }, config: { access: 'customers:view' } },
    async (request) => ({ data: await service.getCustomer(app, request.params.id) }),
  );

  app.post(
    '/customers/store',
    {
      schema: { tags: ['customers'], summary: 'Create a customer', body: customerBody },
      config: { access: 'customers:create', action: 'customers.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createCustomer(app, request, request.body) }),
  );

  app.put(
    '/customers/:id',
    {
      schema: { tags: ['customers'], params: idParam, body: customerBody },
      config: { access: 'customers:edit', action: 'customers.update' },
    },
    async (request) => ({
      data: await service.updateCustomer(app, request, request.params.id, request.body),
    }),
  );

  app.delete(
    '/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'Delete, or deactivate when it has tasks or invoices',
        params: idParam,
      },
      config: { access: 'customers:delete', action: 'customers.delete' },
    },
    async (request) => ({ data: await service.deleteCustomer(app, request, request.params.id) }),
  );

  app.get(
    '/customers/:id/users',
    { schema: { tags: ['customers'], params: idParam }, config: { access: 'customers:view' } },
    async (request) => {
      if (!(await repo.findCustomer(app.db, request.params.id))) throw notFound();
      return { data: { users: await repo.customerUsers(app.db, request.params.id) } };
    },
  );

  app.get(
    '/customers/:id/discount',
    { schema: { tags: ['customers'], params: idParam }, config: { access: 'tasks:view' } },
    async (request) => {
      const user = request.user;
      // Clients may read their own customer's discount (for quote previews); another customer's is 404.
      if (user?.customer_id && user.customer_id !== request.params.id) throw notFound();
      const row = await repo.findCustomer(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: { discount: service.effectiveDiscount(row) } };
    },
  );

  app.get(
    '/bonuses',
    {
      schema: { tags: ['customers'], summary: "A customer's bonuses", querystring: customerIdQuery },
      config: { access: 'customers:bonuses' },
    },
    async (request) => {
      if (!(await repo.findCustomer(app.db, request.query.customer_id))) throw notFound();
      return {
        data: {
          bonuses: await repo.listBonuses(app.db, request.query.customer_id),
          balance: await repo.customerBalance(app.db, request.query.customer_id),
        },
      };
    },
  );

  app.post(
    '/bonuses',
    {
      schema: { tags: ['customers'], summary: 'Add (or take) balance', body: bonusBody },
      config: { access: 'customers:bonuses', action: 'bonuses.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.addBonus(app, request, request.body) }),
  );

  app.post(
    '/customers/:id/assigns',
    {
      schema: {
        tags: ['customers'],
        summary: 'Assign memoQ / IDCP projects',
        params: idParam,
        body: assignProjectsBody,
      },
      config: { access: 'customers:assign-projects', action: 'customers.assign_projects' },
    },
    async (request) => ({
      data: await service.assignProjects(app, request, request.params.id, request.body),
    }),
  );

  app.get(
    '/customers/:id/IDCP',
    { schema: { tags: ['customers'], params: idParam }, config: { access: 'customers:assign-projects' } },
    async (request) => {
      const row = await repo.findCustomer(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: { idcp_project_id: row.idcp_project_id } };
    },
  );

  app.get(
    '/customers/:id/MemoQProjectId',
    { schema: { tags: ['customers'], params: idParam }, config: { access: 'customers:assign-projects' } },
    async (request) => {
      const row = await repo.findCustomer(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: row.memoq_project_id };
    },
  );
};
