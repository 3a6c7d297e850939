import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { singleFile } from '../../plugins/multipart.ts';
import { z } from 'zod';
import {
  holidayBody,
  holidayParams,
  holidaysQuery,
  idParam,
  minimumRatesBody,
  minimumRatesQuery,
  pageQuery,
  payableGridBody,
  rateLanguagesQuery,
  rateStoreBody,
  rateUpdateBody,
  ratesListQuery,
} from '@verba/contracts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import * as service from './service.ts';
import { MAX_UPLOAD_BYTES, XLSX_MIME } from './excel.ts';

const tags = ['rates'];
const customerRateParams = z.object({
  id: z.coerce.number().int().positive(),
  rateId: z.coerce.number().int().positive(),
});
const sourceParams = z.object({ sourceId: z.coerce.number().int().positive() });
const langQuery = z.object({ lang: z.string().optional() });
const customerPageQuery = pageQuery.extend({ lang: z.string().optional() });

/**
 * Rates (general and per customer, spec part 2 §7), their Excel import/export, minimum rates,
 * payable grids and holidays. Reads that concern one customer check ownership in the service
 * (a client asking for another customer's gets 404).
 */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendXlsx = (buffer: Buffer) => ({
    headers: {
      'content-type': XLSX_MIME,
      'content-disposition': 'attachment; filename="excel.xlsx"',
      'cache-control': 'no-store',
    },
    buffer,
  });

  /** The multipart `file` part, or null when there is none (the service says it is required). */
  const uploadedFile = (request: FastifyRequest) =>
    singleFile(request, 'file', { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 });

  // ------------------------------------------------------------ general and customer rates

  app.get(
    '/rates',
    {
      schema: {
        tags,
        summary:
          "General rates, or with customer_id the customer's effective rates (own, else enabled general)",
        querystring: ratesListQuery,
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { customer_id, ...page } = request.query;
      return {
        data:
          customer_id === undefined
            ? await service.listGeneralRates(app, request, page)
            : await service.listEffectiveRates(app, request, customer_id, page),
      };
    },
  );

  app.post(
    '/rate/store',
    {
      schema: { tags, summary: 'Create a general or a customer rate', body: rateStoreBody },
      config: { access: 'rates:manage', action: 'rates.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createRate(app, request, request.body) }),
  );

  app.put(
    '/rate/:id',
    {
      schema: { tags, summary: 'Edit a rate', params: idParam, body: rateUpdateBody },
      config: { access: 'rates:manage', action: 'rates.update' },
    },
    async (request) => ({ data: await service.updateRate(app, request, request.params.id, request.body) }),
  );

  app.delete(
    '/rate/:id',
    {
      schema: { tags, summary: 'Delete a rate (general or of a customer)', params: idParam },
      config: { access: 'rates:manage', action: 'rates.delete' },
    },
    async (request) => ({ data: await service.deleteRate(app, request, request.params.id) }),
  );

  app.get(
    '/rates/template',
    {
      schema: { tags, summary: 'The empty Excel import template', querystring: langQuery },
      config: { access: 'rates:manage' },
    },
    async (request, reply) => {
      const file = sendXlsx(await service.ratesTemplate(request));
      return reply
        .headers({ ...file.headers, 'content-disposition': 'attachment; filename="rates-template.xlsx"' })
        .send(file.buffer);
    },
  );

  app.get(
    '/rates/excel',
    {
      schema: { tags, summary: 'Export the general rates (excel.xlsx)', querystring: langQuery },
      config: { access: 'rates:manage' },
    },
    async (request, reply) => {
      const file = sendXlsx(await service.exportGeneralRates(app, request));
      return reply.headers(file.headers).send(file.buffer);
    },
  );

  app.post(
    '/rates/import',
    {
      schema: {
        tags,
        summary: 'Import general rates from Excel (multipart `file`, .xlsx, max 5 MB)',
        consumes: ['multipart/form-data'],
      },
      config: { access: 'rates:manage', action: 'rates.import' },
    },
    async (request) => ({ data: await service.importRates(app, request, null, await uploadedFile(request)) }),
  );

  app.get(
    '/rates/languages/sources',
    {
      schema: { tags, summary: 'Source languages that have rates', querystring: rateLanguagesQuery },
      config: { access: 'tasks:view' },
    },
    async (request) => ({ data: await service.rateSources(app, request, request.query.customer_id) }),
  );

  app.get(
    '/rates/languages/:sourceId/targets',
    {
      schema: {
        tags,
        summary: 'Target languages with rates from a source',
        params: sourceParams,
        querystring: rateLanguagesQuery,
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({
      data: await service.rateTargets(app, request, request.params.sourceId, request.query.customer_id),
    }),
  );

  app.get(
    '/customers/:id/rate',
    {
      schema: {
        tags,
        summary: "A customer's own rates, paged",
        params: idParam,
        querystring: customerPageQuery,
      },
      config: { access: 'authenticated' },
    },
    async (request) => ({
      data: await service.listCustomerRates(app, request, request.params.id, request.query),
    }),
  );

  app.get(
    '/customers/:id/rates/effective',
    {
      schema: {
        tags,
        summary: 'What a customer pays per language pair, with the price per translation type',
        params: idParam,
        querystring: customerPageQuery,
      },
      config: { access: 'authenticated' },
    },
    async (request) => ({
      data: await service.listEffectiveRates(app, request, request.params.id, request.query),
    }),
  );

  app.post(
    '/customers/:id/rate',
    {
      schema: {
        tags,
        summary: "Import a customer's rates from Excel (multipart `file`, .xlsx, max 5 MB)",
        params: idParam,
        consumes: ['multipart/form-data'],
      },
      config: { access: 'rates:manage', action: 'rates.import' },
    },
    async (request) => ({
      data: await service.importRates(app, request, request.params.id, await uploadedFile(request)),
    }),
  );

  app.get(
    '/customers/:id/excel/rate',
    {
      schema: {
        tags,
        summary: "Export a customer's rates (excel.xlsx)",
        params: idParam,
        querystring: langQuery,
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const file = sendXlsx(await service.exportCustomerRates(app, request, request.params.id));
      return reply.headers(file.headers).send(file.buffer);
    },
  );

  app.delete(
    '/customers/:id/rate/:rateId',
    {
      schema: { tags, summary: "Delete one of a customer's rates", params: customerRateParams },
      config: { access: 'rates:manage', action: 'rates.delete' },
    },
    async (request) => ({
      data: await service.deleteRate(app, request, request.params.rateId, request.params.id),
    }),
  );

  app.get(
    '/customers/:id/enable/rate',
    {
      schema: {
        tags,
        summary: 'The general rates enabled for a customer',
        params: idParam,
        querystring: langQuery,
      },
      config: { access: 'authenticated' },
    },
    async (request) => ({ data: await service.listEnabledRates(app, request, request.params.id) }),
  );

  app.post(
    '/customers/:id/rate/:rateId',
    {
      schema: { tags, summary: 'Enable a general rate for a customer', params: customerRateParams },
      config: { access: 'rates:manage', action: 'rates.enable' },
    },
    async (request) => ({
      data: await service.enableRate(app, request, request.params.id, request.params.rateId),
    }),
  );

  app.delete(
    '/customers/:id/enable/rate/:rateId',
    {
      schema: { tags, summary: 'Disable a general rate for a customer', params: customerRateParams },
      config: { access: 'rates:manage', action: 'rates.disable' },
    },
    async (request) => ({
      data: await service.disableRate(app, request, request.params.id, request.params.rateId),
    }),
  );

  // ------------------------------------------------------------ minimum rates

  app.put(
    '/customers/:id/minimum-rates',
    {
      schema: {
        tags,
        summary: "A customer's minimum charges per translation type",
        params: idParam,
        body: minimumRatesBody,
      },
      config: { access: 'rates:manage', action: 'minimum_rates.update' },
    },
    async (request) => ({
      data: await service.saveMinimumRates(app, request, request.params.id, request.body),
    }),
  );

  app.get(
    '/minimum-rates',
    {
      schema: { tags, summary: "A customer's minimum charges", querystring: minimumRatesQuery },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const customerId = request.query.customer_id ?? request.user?.customer_id;
      if (!customerId) throw invalid({ customer_id: ['validation.required'] });
      return { data: await service.getMinimumRates(app, request, customerId) };
    },
  );

  // ------------------------------------------------------------ payable grid

  app.get(
    '/payable-grid',
    { schema: { tags, summary: 'The global payable grid' }, config: { access: 'customers:view' } },
    async () => ({ data: await service.getGlobalGrid(app) }),
  );

  app.put(
    '/payable-grid',
    {
      schema: { tags, summary: 'Edit the global payable grid', body: payableGridBody },
      config: { access: 'rates:manage', action: 'payable_grid.update' },
    },
    async (request) => ({ data: await service.saveGlobalGrid(app, request, request.body) }),
  );

  app.get(
    '/customers/:id/payable-grid',
    {
      schema: { tags, summary: "A customer's payable grid (its own or the global one)", params: idParam },
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
      },
      config: { access: 'rates:manage', action: 'payable_grid.customer_update' },
    },
    async (request) => ({
      data: await service.saveCustomerGrid(app, request, request.params.id, request.body),
    }),
  );

  app.delete(
    '/customers/:id/payable-grid',
    {
      schema: { tags, summary: 'Back to the global payable grid', params: idParam },
      config: { access: 'rates:manage', action: 'payable_grid.customer_delete' },
    },
    async (request) => ({ data: await service.deleteCustomerGrid(app, request, request.params.id) }),
  );

  // ------------------------------------------------------------ holidays

  app.get(
    '/holidays',
    {
      schema: { tags, summary: 'Holidays (not business days for due dates)', querystring: holidaysQuery },
      config: { access: 'tasks:days-to-add' },
    },
    async (request) => ({ data: await repo.listHolidays(app.db, request.query) }),
  );

  app.post(
    '/holidays',
    {
      schema: { tags, summary: 'Add a holiday', body: holidayBody },
      config: { access: 'settings:manage', action: 'holidays.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.addHoliday(app, request, request.body) }),
  );

  app.delete(
    '/holidays/:date/:region',
    {
      schema: { tags, summary: 'Delete a holiday', params: holidayParams },
      config: { access: 'settings:manage', action: 'holidays.delete' },
    },
    async (request) => ({
      data: await service.removeHoliday(app, request, request.params.date, request.params.region),
    }),
  );
};
