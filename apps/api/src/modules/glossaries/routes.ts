import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataReply,
  glossaryDeletedReply,
  glossaryDownloadQuery,
  glossaryDto,
  glossaryListQuery,
  idParam,
  pageOf,
} from '@verba/contracts';
import { contentDisposition } from '../../lib/http.ts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';
import { receiveGlossaryUpload } from './upload.ts';

const tags = ['glossaries'];

/** Glossaries (spec part 2 §7 "POST glossaries"). Registered inside the uploads scope. */
export const glossaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/glossaries',
    {
      schema: {
        tags,
        summary:
          'Upload a glossary CSV (multipart customer_id, file, type "1" with source_language and target_language, or "2" with languages[])',
        consumes: ['multipart/form-data'],
        response: { 201: dataReply(glossaryDto) },
      },
      config: { access: 'glossaries:upload', action: 'glossaries.create' },
    },
    async (request, reply) => {
      const upload = await receiveGlossaryUpload(request);
      const data = logged(request, await service.createGlossary(app, actorOf(request), upload));
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/glossaries',
    {
      schema: {
        tags,
        summary:
          "A page of glossaries: a client's own customer's; staff every customer's (filter by customer and language)",
        querystring: glossaryListQuery,
        response: { 200: dataReply(pageOf(glossaryDto)) },
      },
      config: { access: 'glossaries:list' },
    },
    async (request) => ({ data: await service.listGlossaries(app, actorOf(request), request.query) }),
  );

  app.get(
    '/glossaries/:id/download',
    {
      schema: {
        tags,
        summary: 'Download a glossary: the original file, a normalised CSV or TBX-Basic',
        params: idParam,
        querystring: glossaryDownloadQuery,
      },
      config: { access: 'glossaries:list', binary: true },
    },
    async (request, reply) => {
      const file = await service.downloadGlossary(
        app,
        actorOf(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .headers({
          'content-type': file.contentType,
          'content-disposition': contentDisposition(file.fileName),
          'cache-control': 'no-store',
        })
        .send(file.stream);
    },
  );

  app.delete(
    '/glossaries/:id',
    {
      schema: {
        tags,
        summary: 'Delete a glossary (the admin any; a client admin its customer’s; a client user its own)',
        params: idParam,
        response: { 200: dataReply(glossaryDeletedReply) },
      },
      config: { access: 'glossaries:list', action: 'glossaries.delete' },
    },
    async (request) => ({
      data: logged(request, await service.deleteGlossary(app, actorOf(request), request.params.id)),
    }),
  );
};
