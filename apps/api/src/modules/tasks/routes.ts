import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  sourceFilesValidatedBody,
  targetPricesQuery,
  taskListQuery,
  taskReplies,
  idField,
} from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import * as service from './service.ts';
import { detailReplyKey, listReplyKey } from './kept-replies.ts';
import { receiveTaskForm } from './upload.ts';
import { drainParts } from './delivery/upload.ts';
import { registerAnalysisJob } from './pricing/analysis-job.ts';
import { registerRequoteJob } from './pricing/requote.ts';
import { targetPrices } from './pricing/target-prices.ts';
import { contentDisposition } from '../../lib/http.ts';
import { taskStaffRoutes } from './staff/routes.ts';

const fileParams = z.object({
  id: idField,
  fileId: idField,
});

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAnalysisJob(app);
  registerRequoteJob(app);
  await app.register(taskStaffRoutes);

  app.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Tasks the caller may see, filtered, sorted and paged',
        querystring: taskListQuery,
        response: { 200: taskReplies.list },
      },
      config: { access: 'tasks:list' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Overdue depends on the clock, which no table change announces: never kept.
      const serialised = async () =>
        reply.serialize({ data: await service.list(app, actor, request.query) }) as string;
      // Kept as the JSON sent (ADR 0022), written by the route's own serialiser (a string).
      const json = request.query.overdue
        ? await serialised()
        : await app.taskListReplies.reply(listReplyKey(actor.user, request.query), serialised);
      // A string sent as JSON is sent as it is: Fastify does not serialise it again.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/tasks/target-prices',
    {
      schema: {
        tags: ['tasks'],
        summary:
          "The order form's target picker: price per word of each priced target (others: price on request)",
        querystring: targetPricesQuery,
        response: { 200: taskReplies.targetPrices },
      },
      config: { access: 'tasks:create' },
    },
    async (request) => ({
      data: await targetPrices(
        app,
        actorOf(request),
        request.query.source_language,
        request.query.translation_type,
      ),
    }),
  );

  app.post(
    '/tasks/store-as-draft',
    {
      schema: {
        tags: ['tasks'],
        summary:
          'Create a task (multipart, files in file[], reference files in reference_files[]); analysis starts at once',
        consumes: ['multipart/form-data'],
        response: { 201: taskReplies.detail },
      },
      config: { access: 'tasks:create', action: 'tasks.create' },
    },
    async (request, reply) => {
      const form = await receiveTaskForm(app, request, [], true);
      // after the upload: its `lang` field may have changed the caller's language
      const created = logged(request, await service.create(app, actorOf(request), form));
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    '/tasks/:id/update',
    {
      schema: {
        tags: ['tasks'],
        summary:
          'Edit a draft (multipart; source_files[] = the files kept, files[] = new ones, reference_files[] = more reference files, remove_reference_files = ids of reference files to remove)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: taskReplies.detail },
      },
      config: { access: 'tasks:edit', action: 'tasks.update' },
    },
    async (request) => {
      await service.editableTask(app, actorOf(request), request.params.id).catch(async (err: unknown) => {
        await drainParts(request);
        throw err;
      });
      const form = await receiveTaskForm(app, request, [], true);
      return { data: logged(request, await service.update(app, actorOf(request), request.params.id, form)) };
    },
  );

  app.get(
    '/task/:id',
    {
      schema: { tags: ['tasks'], params: idParam, response: { 200: taskReplies.detail } },
      config: { access: 'tasks:view' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = request.params.id;
      // Kept as the JSON sent, until a change of this task or of what it shows is heard (ADR 0024).
      const json = await app.taskDetailReplies.reply(
        detailReplyKey(actor, id),
        async () => reply.serialize({ data: await service.detail(app, actor, id) }) as string,
        String(id),
      );
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/tasks/getPrice/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Price summary per target language',
        params: idParam,
        response: { 200: taskReplies.price },
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({ data: await service.priceSummary(app, actorOf(request), request.params.id) }),
  );

  app.get(
    '/tasks/:id/service-levels',
    {
      schema: {
        tags: ['tasks'],
        summary:
          "The task's total and delivery date at each service level, for its files and languages (the order form)",
        params: idParam,
        response: { 200: taskReplies.serviceLevels },
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({ data: await service.serviceLevels(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/tasks/:id/updateStateAsCancelled',
    {
      schema: { tags: ['tasks'], params: idParam, response: { 200: taskReplies.state } },
      config: { access: 'tasks:cancel', action: 'tasks.cancel' },
    },
    async (request) => ({
      data: logged(request, await service.changeState(app, actorOf(request), request.params.id, 'CANCELLED')),
    }),
  );

  app.post(
    '/tasks/:id/updateStateAsDraft',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Reactivate a cancelled task',
        params: idParam,
        response: { 200: taskReplies.state },
      },
      config: { access: 'tasks:reactivate', action: 'tasks.reactivate' },
    },
    async (request) => ({
      data: logged(request, await service.changeState(app, actorOf(request), request.params.id, 'DRAFT')),
    }),
  );

  app.put(
    '/tasks/:id/updateSourceFilesValidated',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Staff validate the source files of a custom quote',
        params: idParam,
        body: sourceFilesValidatedBody,
        response: { 200: taskReplies.sourceFilesValidated },
      },
      config: { access: 'tasks:validate-source-files', action: 'tasks.validate_source_files' },
    },
    async (request) => ({
      data: logged(
        request,
        await service.setSourceFilesValidated(
          app,
          actorOf(request),
          request.params.id,
          request.body.source_files_validated,
        ),
      ),
    }),
  );

  app.get(
    '/task/:id/reference-files/:fileId',
    {
      schema: { tags: ['tasks'], summary: 'Download a reference file of the task', params: fileParams },
      config: { access: 'tasks:view', binary: true },
    },
    async (request, reply) => {
      const file = logged(
        request,
        await service.referenceFileForDownload(
          app,
          actorOf(request),
          request.params.id,
          request.params.fileId,
        ),
      );
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );

  app.get(
    '/task/:id/downloadSourceFile/:fileId',
    { schema: { tags: ['tasks'], params: fileParams }, config: { access: 'tasks:view', binary: true } },
    async (request, reply) => {
      const file = logged(
        request,
        await service.sourceFileForDownload(app, actorOf(request), request.params.id, request.params.fileId),
      );
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );
};
