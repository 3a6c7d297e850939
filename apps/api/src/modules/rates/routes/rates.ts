import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerRatesQuery,
  dataReply,
  effectiveRateDto,
  idParam,
  localeQuery,
  pageOf,
  rateDeletedDto,
  rateDto,
  rateEnabledDto,
  rateLanguageDto,
  rateLanguagesQuery,
  rateStoreBody,
  rateUpdateBody,
  ratesListQuery,
  idField,
} from '@verba/contracts';
import { actorOf, logged } from '../../../lib/service.ts';
import * as service from '../service/rates.ts';

const tags = ['rates'];
const customerRateParams = z.object({
  id: idField,
  rateId: idField,
});
const sourceParams = z.object({ sourceId: idField });

/** General and customer rates (spec part 2 §7): the lists, one rate at a time, enabling general ones. */
export const rateListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rates',
    {
      schema: {
        tags,
        summary:
          "General rates, or with customer_id the customer's effective rates (own, else enabled general)",
        querystring: ratesListQuery,
        response: { 200: dataReply(z.union([pageOf(effectiveRateDto), pageOf(rateDto)])) },
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { customer_id, ...page } = request.query;
      const actor = actorOf(request);
      return {
        data:
          customer_id === undefined
            ? await service.listGeneralRates(app, actor, page)
            : await service.listEffectiveRates(app, actor, customer_id, page),
      };
    },
  );

  app.post(
    '/rate/store',
    {
      schema: {
        tags,
        summary: 'Create a general or a customer rate',
        body: rateStoreBody,
        response: { 201: dataReply(rateDto) },
      },
      config: { access: 'rates:manage', action: 'rates.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.createRate(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/rate/:id',
    {
      schema: {
        tags,
        summary: 'Edit a rate',
        params: idParam,
        body: rateUpdateBody,
        response: { 200: dataReply(rateDto) },
      },
      config: { access: 'rates:manage', action: 'rates.update' },
    },
    async (request) => ({
      data: logged(request, await service.updateRate(app, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/rate/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rate (general or of a customer)',
        params: idParam,
        response: { 200: dataReply(rateDeletedDto) },
      },
      config: { access: 'rates:manage', action: 'rates.delete' },
    },
    async (request) => ({
      data: logged(request, await service.deleteRate(app, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/rates/languages/sources',
    {
      schema: {
        tags,
        summary: 'Source languages that have rates',
        querystring: rateLanguagesQuery,
        response: { 200: dataReply(z.array(rateLanguageDto)) },
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({
      data: await service.rateSources(app, actorOf(request), request.query.customer_id),
    }),
  );

  app.get(
    '/rates/languages/:sourceId/targets',
    {
      schema: {
        tags,
        summary: 'Target languages with rates from a source',
        params: sourceParams,
        querystring: rateLanguagesQuery,
        response: { 200: dataReply(z.array(rateLanguageDto)) },
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({
      data: await service.rateTargets(
        app,
        actorOf(request),
        request.params.sourceId,
        request.query.customer_id,
      ),
    }),
  );

  app.get(
    '/customers/:id/rate',
    {
      schema: {
        tags,
        summary: "A customer's own rates, paged",
        params: idParam,
        querystring: customerRatesQuery,
        response: { 200: dataReply(pageOf(rateDto)) },
      },
      config: { access: 'authenticated' },
    },
    async (request) => ({
      data: await service.listCustomerRates(app, actorOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/customers/:id/rates/effective',
    {
      schema: {
        tags,
        summary: 'What a customer pays per language pair, with the price per translation type',
        params: idParam,
        querystring: customerRatesQuery,
        response: { 200: dataReply(pageOf(effectiveRateDto)) },
      },
      config: { access: 'authenticated' },
    },
    async (request) => ({
      data: await service.listEffectiveRates(app, actorOf(request), request.params.id, request.query),
    }),
  );

  app.delete(
    '/customers/:id/rate/:rateId',
    {
      schema: {
        tags,
        summary: "Delete one of a customer's rates",
        params: customerRateParams,
        response: { 200: dataReply(rateDeletedDto) },
      },
      config: { access: 'rates:manage', action: 'rates.delete' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.deleteRate(app, actorOf(request), request.params.rateId, request.params.id),
      ),
    }),
  );

  app.get(
    '/customers/:id/enable/rate',
    {
      schema: {
        tags,
        summary: 'The general rates enabled for a customer',
        params: idParam,
        querystring: localeQuery,
        response: { 200: dataReply(z.array(rateDto)) },
      },
      config: { access: 'authenticated' },
    },
    async (request) => ({
      data: await service.listEnabledRates(app, actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/customers/:id/rate/:rateId',
    {
      schema: {
        tags,
        summary: 'Enable a general rate for a customer',
        params: customerRateParams,
        response: { 200: dataReply(rateEnabledDto) },
      },
      config: { access: 'rates:manage', action: 'rates.enable' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.setRateEnabled(app, request.params.id, request.params.rateId, true),
      ),
    }),
  );

  app.delete(
    '/customers/:id/enable/rate/:rateId',
    {
      schema: {
        tags,
        summary: 'Disable a general rate for a customer',
        params: customerRateParams,
        response: { 200: dataReply(rateEnabledDto) },
      },
      config: { access: 'rates:manage', action: 'rates.disable' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.setRateEnabled(app, request.params.id, request.params.rateId, false),
      ),
    }),
  );
};
