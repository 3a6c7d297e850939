import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataReply, idParam, localeQuery, rateImportDto } from '@verba/contracts';
import { actorOf, logged } from '../../../lib/service.ts';
import { singleFile } from '../../../plugins/multipart.ts';
import { MAX_UPLOAD_BYTES, XLSX_MIME } from '../excel.ts';
import * as service from '../service/rates-excel.ts';

const tags = ['rates'];

const xlsxHeaders = (filename: string) => ({
  'content-type': XLSX_MIME,
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});

/** The multipart `file` part (one file of at most 5 MB), or null: the service says it is required. */
const uploadedFile = (request: FastifyRequest): Promise<service.UploadedFile | null> =>
  singleFile(request, 'file', { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 });

/** The Excel files of the rate lists: the template, the exports and the imports (multipart). */
export const rateExcelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rates/template',
    {
      schema: { tags, summary: 'The empty Excel import template', querystring: localeQuery },
      config: { access: 'rates:manage', binary: true },
    },
    async (request, reply) =>
      reply.headers(xlsxHeaders('rates-template.xlsx')).send(await service.ratesTemplate(actorOf(request))),
  );

  app.get(
    '/rates/excel',
    {
      schema: { tags, summary: 'Export the general rates (excel.xlsx)', querystring: localeQuery },
      config: { access: 'rates:manage', binary: true },
    },
    async (request, reply) =>
      reply.headers(xlsxHeaders('excel.xlsx')).send(await service.exportGeneralRates(app, actorOf(request))),
  );

  app.post(
    '/rates/import',
    {
      schema: {
        tags,
        summary: 'Import general rates from Excel (multipart `file`, .xlsx, max 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: dataReply(rateImportDto) },
      },
      config: { access: 'rates:manage', action: 'rates.import' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.importRates(app, actorOf(request), null, await uploadedFile(request)),
      ),
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
        response: { 200: dataReply(rateImportDto) },
      },
      config: { access: 'rates:manage', action: 'rates.import' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.importRates(app, actorOf(request), request.params.id, await uploadedFile(request)),
      ),
    }),
  );

  app.get(
    '/customers/:id/excel/rate',
    {
      schema: {
        tags,
        summary: "Export a customer's rates (excel.xlsx)",
        params: idParam,
        querystring: localeQuery,
      },
      config: { access: 'authenticated', binary: true },
    },
    async (request, reply) =>
      reply
        .headers(xlsxHeaders('excel.xlsx'))
        .send(await service.exportCustomerRates(app, actorOf(request), request.params.id)),
  );
};
