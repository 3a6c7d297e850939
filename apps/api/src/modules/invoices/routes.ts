import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  invoiceDetailReply,
  invoiceDraftQuery,
  invoiceDraftReply,
  invoiceExportQuery,
  invoiceListQuery,
  invoicePageReply,
  invoicePdfQuery,
  invoiceSentReply,
  issueInvoiceBody,
  markInvoicePaidBody,
  rectifyInvoiceBody,
  voidInvoiceBody,
} from '@verba/contracts';
import { contentDisposition } from '../../lib/http.ts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';
import { registerVerifactuJobs } from './verifactu/submit.ts';

/** Invoices: the admin issues; the PM reads; a client admin reads its own customer's. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerVerifactuJobs(app);
  app.get(
    '/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Invoices, newest first, paged (client admins: their own customer’s)',
        querystring: invoiceListQuery,
        response: { 200: invoicePageReply },
      },
      config: { access: 'invoices:view' },
    },
    async (request) => ({ data: await service.listInvoices(app, actorOf(request), request.query) }),
  );

  app.get(
    '/invoices/export',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoices issued between from and to (inclusive) as CSV, for the accountant',
        querystring: invoiceExportQuery,
        produces: ['text/csv'],
      },
      config: { access: 'invoices:export', binary: true, action: 'invoices.export' },
    },
    async (request, reply) => {
      const csv = logged(request, await service.invoicesCsv(app, actorOf(request), request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(csv.filename))
        .header('cache-control', 'no-store')
        .send(csv.content);
    },
  );

  app.get(
    '/invoices/draft',
    {
      schema: {
        tags: ['invoices'],
        summary: 'For the invoice form: the customer’s invoiceable tasks and its invoice information',
        querystring: invoiceDraftQuery,
        response: { 200: invoiceDraftReply },
      },
      config: { access: 'invoices:issue' },
    },
    async (request) => ({ data: await service.invoiceDraft(app, request.query.customer_id) }),
  );

  app.post(
    '/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Issue an invoice for approved (or later) tasks of one customer',
        body: issueInvoiceBody,
        response: { 201: invoiceDetailReply },
      },
      config: { access: 'invoices:issue', action: 'invoices.issue' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const issued = logged(request, await service.issueInvoice(app, actor, request.body));
      return reply.status(201).send({ data: await service.invoiceDetail(app, actor, issued.id) });
    },
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        tags: ['invoices'],
        summary: 'An invoice with its lines',
        params: idParam,
        response: { 200: invoiceDetailReply },
      },
      config: { access: 'invoices:view' },
    },
    async (request) => ({ data: await service.invoiceDetail(app, actorOf(request), request.params.id) }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as a PDF (in `language`, else the customer’s)',
        params: idParam,
        querystring: invoicePdfQuery,
        produces: ['application/pdf'],
      },
      config: { access: 'invoices:view', binary: true, action: 'invoices.pdf' },
    },
    async (request, reply) => {
      const pdf = logged(
        request,
        await service.invoicePdf(app, actorOf(request), request.params.id, request.query.language),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(pdf.filename))
        .header('cache-control', 'no-store')
        .send(pdf.content);
    },
  );

  app.put(
    '/invoices/:id/paid',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Mark a pending invoice paid (date and method)',
        params: idParam,
        body: markInvoicePaidBody,
        response: { 200: invoiceDetailReply },
      },
      config: { access: 'invoices:issue', action: 'invoices.paid' },
    },
    async (request) => ({
      data: logged(request, await service.markPaid(app, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/invoices/:id/rectify',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Issue the corrective invoice (R series, negative lines) of an invoice',
        params: idParam,
        body: rectifyInvoiceBody,
        response: { 201: invoiceDetailReply },
      },
      config: { access: 'invoices:issue', action: 'invoices.rectify' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const made = logged(request, await service.rectifyInvoice(app, actor, request.params.id, request.body));
      return reply.status(201).send({ data: await service.invoiceDetail(app, actor, made.id) });
    },
  );

  app.post(
    '/invoices/:id/void',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Void an invoice issued in error (VERI*FACTU: its RegistroAnulacion is made and queued)',
        params: idParam,
        body: voidInvoiceBody,
        response: { 200: invoiceDetailReply },
      },
      config: { access: 'invoices:issue', action: 'invoices.void' },
    },
    async (request) => {
      const actor = actorOf(request);
      logged(request, await service.voidInvoice(app, actor, request.params.id, request.body));
      return { data: await service.invoiceDetail(app, actor, request.params.id) };
    },
  );

  app.post(
    '/invoices/:id/verifactu/retry',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Replace the AEAT record that was rejected (or a RegistroAlta accepted with errors) by a subsanación record, queued for submission',
        params: idParam,
        response: { 200: invoiceDetailReply },
      },
      config: { access: 'invoices:issue', action: 'invoices.verifactu_retry' },
    },
    async (request) => {
      const actor = actorOf(request);
      logged(request, await service.retryRecord(app, actor, request.params.id));
      return { data: await service.invoiceDetail(app, actor, request.params.id) };
    },
  );

  app.post(
    '/invoices/:id/send',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Mail the invoice PDF to the customer’s client admins',
        params: idParam,
        response: { 200: invoiceSentReply },
      },
      config: { access: 'invoices:issue', action: 'invoices.send' },
    },
    async (request) => ({
      data: logged(request, await service.sendInvoice(app, actorOf(request), request.params.id)),
    }),
  );
};
