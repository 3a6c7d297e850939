import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignProjectsBody,
  bonusBody,
  bonusCreatedReply,
  bonusesReply,
  customerBody,
  customerEditBody,
  customerDetailSchema,
  customerIdQuery,
  customerListQuery,
  customerListRowSchema,
  customerSchema,
  customerUsersReply,
  dataReply,
  deleteOutcomeSchema,
  discountReply,
  idcpProjectReply,
  idParam,
  memoqProjectReply,
  pageOf,
} from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        tags: ['customers'],
        summary: 'Customers, paged',
        querystring: customerListQuery,
        response: { 200: dataReply(pageOf(customerListRowSchema)) },
      },
      config: { access: 'customers:list' },
    },
    async (request) => ({ data: await service.listCustomers(app, actorOf(request), request.query) }),
  );

  app.get(
    '/customers/:id',
    {
      schema: { tags: ['customers'], params: idParam, response: { 200: dataReply(customerDetailSchema) } },
      config: { access: 'customers:view' },
    },
    async (request) => ({ data: await service.getCustomer(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/customers/store',
    {
      schema: {
        tags: ['customers'],
        summary: 'Create a customer',
        body: customerBody,
        response: { 201: dataReply(customerDetailSchema) },
      },
      config: { access: 'customers:create', action: 'customers.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.createCustomer(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/customers/:id',
    {
      schema: {
        tags: ['customers'],
        params: idParam,
        body: customerEditBody,
        response: { 200: dataReply(customerDetailSchema) },
      },
      config: { access: 'customers:edit', action: 'customers.update' },
    },
    async (request) => {
      const updated = await service.updateCustomer(app, actorOf(request), request.params.id, request.body);
      return { data: logged(request, updated) };
    },
  );

  app.delete(
    '/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'Delete, or deactivate when it has tasks or invoices',
        params: idParam,
        response: { 200: dataReply(deleteOutcomeSchema) },
      },
      config: { access: 'customers:delete', action: 'customers.delete' },
    },
    async (request) => ({
      data: logged(request, await service.deleteCustomer(app, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/customers/:id/users',
    {
      schema: { tags: ['customers'], params: idParam, response: { 200: dataReply(customerUsersReply) } },
      config: { access: 'customers:view' },
    },
    async (request) => ({ data: await service.customerUsers(app, actorOf(request), request.params.id) }),
  );

  app.get(
    '/customers/:id/discount',
    {
      schema: { tags: ['customers'], params: idParam, response: { 200: dataReply(discountReply) } },
      config: { access: 'tasks:view' },
    },
    async (request) => ({ data: await service.customerDiscount(app, actorOf(request), request.params.id) }),
  );

  app.get(
    '/bonuses',
    {
      schema: {
        tags: ['customers'],
        summary: "A customer's bonuses",
        querystring: customerIdQuery,
        response: { 200: dataReply(bonusesReply) },
      },
      config: { access: 'customers:bonuses' },
    },
    async (request) => ({
      data: await service.listBonuses(app, actorOf(request), request.query.customer_id),
    }),
  );

  app.post(
    '/bonuses',
    {
      schema: {
        tags: ['customers'],
        summary: 'Add (or take) balance',
        body: bonusBody,
        response: { 201: dataReply(bonusCreatedReply) },
      },
      config: { access: 'customers:bonuses', action: 'bonuses.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.addBonus(app, actorOf(request), request.body)) }),
  );

  app.post(
    '/customers/:id/assigns',
    {
      schema: {
        tags: ['customers'],
        summary: 'Assign memoQ / IDCP projects',
        params: idParam,
        body: assignProjectsBody,
        response: { 200: dataReply(customerSchema) },
      },
      config: { access: 'customers:assign-projects', action: 'customers.assign_projects' },
    },
    async (request) => {
      const assigned = await service.assignProjects(app, actorOf(request), request.params.id, request.body);
      return { data: logged(request, assigned) };
    },
  );

  app.get(
    '/customers/:id/IDCP',
    {
      schema: { tags: ['customers'], params: idParam, response: { 200: dataReply(idcpProjectReply) } },
      config: { access: 'customers:assign-projects' },
    },
    async (request) => {
      const projects = await service.assignedProjects(app, actorOf(request), request.params.id);
      return { data: { idcp_project_id: projects.idcp_project_id } };
    },
  );

  app.get(
    '/customers/:id/MemoQProjectId',
    {
      schema: { tags: ['customers'], params: idParam, response: { 200: dataReply(memoqProjectReply) } },
      config: { access: 'customers:assign-projects' },
    },
    async (request) => {
      const projects = await service.assignedProjects(app, actorOf(request), request.params.id);
      return { data: projects.memoq_project_id };
    },
  );
};
