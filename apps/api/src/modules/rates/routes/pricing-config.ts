import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataReply,
  generalMinimumRatesBody,
  generalMinimumRatesDto,
  idParam,
  minimumRatesBody,
  minimumRatesDto,
  minimumRatesQuery,
  payableGridBody,
  payableGridDto,
} from '@verba/contracts';
import { invalid } from '../../../lib/app-error.ts';
import { actorOf, logged } from '../../../lib/service.ts';
import * as service from '../service/pricing-config.ts';

const tags = ['rates'];

/** A customer's minimum charges per translation type, and the payable grids. */
export const pricingConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/customers/:id/minimum-rates',
    {
      schema: {
        tags,
        summary: "A customer's minimum charges per translation type",
        params: idParam,
        body: minimumRatesBody,
        response: { 200: dataReply(minimumRatesDto) },
      },
      config: { access: 'rates:manage', action: 'minimum_rates.update' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.saveMinimumRates(app, actorOf(request), request.params.id, request.body),
      ),
    }),
  );

  app.get(
    '/minimum-rates',
    {
      schema: {
        tags,
        summary: "A customer's minimum charges",
        querystring: minimumRatesQuery,
        response: { 200: dataReply(minimumRatesDto) },
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const actor = actorOf(request);
      const customerId = request.query.customer_id ?? actor.user.customer_id;
      if (!customerId) throw invalid({ customer_id: ['validation.required'] });
      return { data: await service.getMinimumRates(app, actor, customerId) };
    },
  );

  app.get(
    '/general-minimum-rates',
    {
      schema: {
        tags,
        summary: 'The general minimum charges per translation type (tasks without a customer: guest quotes)',
        response: { 200: dataReply(generalMinimumRatesDto) },
      },
      config: { access: 'rates:manage' },
    },
    async (request) => ({ data: await service.getGeneralMinimumRates(app, actorOf(request)) }),
  );

  app.put(
    '/general-minimum-rates',
    {
      schema: {
        tags,
        summary: 'Edit the general minimum charges',
        body: generalMinimumRatesBody,
        response: { 200: dataReply(generalMinimumRatesDto) },
      },
      config: { access: 'rates:manage', action: 'minimum_rates.general_update' },
    },
    async (request) => ({
      data: logged(request, await service.saveGeneralMinimumRates(app, actorOf(request), request.body)),
    }),
  );

  app.get(
    '/payable-grid',
    {
      schema: { tags, summary: 'The global payable grid', response: { 200: dataReply(payableGridDto) } },
      config: { access: 'customers:view' },
    },
    async () => ({ data: await service.getGlobalGrid(app) }),
  );

  app.put(
    '/payable-grid',
    {
      schema: {
        tags,
        summary: 'Edit the global payable grid',
        body: payableGridBody,
        response: { 200: dataReply(payableGridDto) },
      },
      config: { access: 'rates:manage', action: 'payable_grid.update' },
    },
    async (request) => ({ data: logged(request, await service.saveGlobalGrid(app, request.body)) }),
  );

  app.get(
    '/customers/:id/payable-grid',
    {
      schema: {
        tags,
        summary: "A customer's payable grid (its own or the global one)",
        params: idParam,
        response: { 200: dataReply(payableGridDto) },
      },
      config: { access: 'customers:view' },
    },
    async (request) => ({ data: await service.getCustomerGrid(app, request.params.id) }),
  );

  app.put(
    '/customers/:id/payable-grid',
    {
      schema: {
        tags,
        summary: 'Give a customer a payable grid of its own',
        params: idParam,
        body: payableGridBody,
        response: { 200: dataReply(payableGridDto) },
      },
      config: { access: 'rates:manage', action: 'payable_grid.customer_update' },
    },
    async (request) => ({
      data: logged(request, await service.saveCustomerGrid(app, request.params.id, request.body)),
    }),
  );

  app.delete(
    '/customers/:id/payable-grid',
    {
      schema: {
        tags,
        summary: 'Back to the global payable grid',
        params: idParam,
        response: { 200: dataReply(payableGridDto) },
      },
      config: { access: 'rates:manage', action: 'payable_grid.customer_delete' },
    },
    async (request) => ({
      data: logged(request, await service.deleteCustomerGrid(app, request.params.id)),
    }),
  );
};
