import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParam, localeSchema, resolveLocale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import * as service from './service.ts';

/** Body of POST /task/budget/pdf, as JSON or multipart fields (spec part 2 §7: id, lang). */
const quotePdfBody = z.object({
  id: z.coerce.number().int().positive(),
  lang: localeSchema.optional(),
});

const sendQuoteBody = z
  .object({
    lang: localeSchema.optional(),
  })
  .nullish();

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"`;

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart fields (no files) become the body, so one schema validates both encodings.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 10, fieldSize: 1024, parts: 10 },
  });
  // The i18n plugin reads `lang` from JSON bodies; multipart ones are parsed after it ran.
  app.addHook('preValidation', async (request) => {
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
      config: { access: 'tasks:quote-pdf', action: 'quotes.pdf' },
    },
    async (request, reply) => {
      const { id, lang } = request.body;
      const pdf = await service.quotePdf(app, request, id, lang ?? request.locale);
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
      },
      config: { access: 'tasks:quote-pdf', action: 'quotes.send' },
    },
    async (request) => ({
      data: await service.sendQuote(app, request, request.params.id, request.body?.lang),
    }),
  );
};
