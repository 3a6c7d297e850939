import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, quotePdfBody, quoteSentReply, resolveLocale, sendQuoteBody } from '@verba/contracts';
import { contentDisposition } from '../../lib/http.ts';
import { translator } from '../../lib/i18n.ts';
import { actorOf, logged } from '../../lib/service.ts';
import { multipartFieldsToBody } from '../../plugins/multipart.ts';
import * as service from './service.ts';

/** The quote of a task as a PDF, and its mail to the requester. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart fields (no files) become the body, so one schema validates both encodings.
  const fieldsToBody = multipartFieldsToBody({ files: 0, fields: 10, fieldSize: 1024, parts: 10 });
  app.addHook('preValidation', async (request) => {
    await fieldsToBody(request);
    // The i18n plugin reads `lang` from JSON bodies; multipart ones are parsed only now.
    const body = request.body as Record<string, unknown> | undefined;
    if (request.isMultipart() && typeof body?.lang === 'string') {
      request.locale = resolveLocale(body.lang, request.locale);
      request.t = translator(request.locale);
    }
  });

  app.post(
    '/task/budget/pdf',
    {
      schema: {
        tags: ['quotes'],
        summary: 'The quote of a task as a PDF (JSON or multipart: id, lang)',
        body: quotePdfBody,
        consumes: ['application/json', 'multipart/form-data'],
        produces: ['application/pdf'],
      },
      config: { access: 'tasks:quote-pdf', binary: true, action: 'quotes.pdf' },
    },
    async (request, reply) => {
      const { id, lang } = request.body;
      const pdf = logged(request, await service.quotePdf(app, actorOf(request), id, lang ?? request.locale));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(pdf.filename))
        .header('cache-control', 'no-store')
        .send(pdf.content);
    },
  );

  app.post(
    '/tasks/:id/send/budget',
    {
      schema: {
        tags: ['quotes'],
        summary: "Mail the quote PDF to the task's requester (in lang, else the requester's language)",
        params: idParam,
        body: sendQuoteBody,
        response: { 200: quoteSentReply },
      },
      config: { access: 'tasks:quote-pdf', action: 'quotes.send' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.sendQuote(app, actorOf(request), request.params.id, request.body?.lang),
      ),
    }),
  );
};
