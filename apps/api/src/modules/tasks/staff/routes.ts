import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  amountToPayBody,
  daysToAddBody,
  deliveryBatchQuery,
  deliveryStatusBody,
  deliveryReplies,
  idParam,
  otherConceptBody,
  payTaskHistoryBody,
  taskReplies,
  idField,
} from '@verba/contracts';
import { actorOf, logged } from '../../../lib/service.ts';
import * as staff from './actions.ts';
import { recalculateQuote } from '../pricing/requote.ts';
import * as delivery from '../delivery/translations.ts';
import { drainParts, receiveTranslatedFile } from '../delivery/upload.ts';
import * as batch from '../delivery/batch.ts';
import { markDelivery } from '../delivery/status.ts';
import { receiveTranslationBatch } from '../delivery/batch-upload.ts';
import type { StaffTarget } from './actions.ts';
import { contentDisposition } from '../../../lib/http.ts';

const fileParams = z.object({
  id: idField,
  fileId: idField,
});

/** What the staff member typed, if anything: a blank note is no note. */
const typedNote = (value: string) => value.trim().slice(0, 1000) || undefined;

/** The optional `note` of a status change, from a multipart or JSON body. */
async function noteOf(request: FastifyRequest): Promise<string | undefined> {
  if (request.isMultipart()) {
    let note: string | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') part.file.resume();
      else if (part.fieldname === 'note' || part.fieldname === 'comments')
        note = typedNote(String(part.value));
    }
    return note;
  }
  const body = request.body as { note?: unknown } | undefined;
  return typeof body?.note === 'string' ? typedNote(body.note) : undefined;
}

const STATUS_ROUTES: Array<[string, StaffTarget]> = [
  ['updateStateAsTemporal', 'TEMPORAL'],
  ['updateStateAsApproved', 'APPROVED'],
  ['updateStateAsIncourse', 'IN_COURSE'],
  ['updateStateAsDone', 'DONE'],
  ['updateStateAsDeferred', 'DEFERRED'],
];

/** Staff tools on a task: status, amount to pay, days to add, other concepts, payments, delete, delivery. */
export const taskStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, to] of STATUS_ROUTES) {
    app.post(
      `/tasks/:id/${path}`,
      {
        schema: {
          tags: ['tasks'],
          summary: `Staff: move the task to ${to}`,
          params: idParam,
          response: { 200: taskReplies.state },
        },
        config: { access: 'tasks:change-status', action: 'tasks.change_status' },
      },
      async (request) => ({
        data: logged(
          request,
          await staff.changeStatus(app, actorOf(request), request.params.id, to, await noteOf(request)),
        ),
      }),
    );
  }

  app.put(
    '/tasks/:id/updateAmountToPay',
    {
      schema: {
        tags: ['tasks'],
        params: idParam,
        body: amountToPayBody,
        response: { 200: taskReplies.amountToPay },
      },
      config: { access: 'tasks:amount-to-pay', action: 'tasks.amount_to_pay' },
    },
    async (request) => ({
      data: logged(
        request,
        await staff.setAmountToPay(app, actorOf(request), request.params.id, request.body.amount_to_pay),
      ),
    }),
  );

  app.post(
    '/tasks/:id/recalculate',
    {
      schema: {
        tags: ['tasks'],
        summary:
          "Staff: price a DRAFT or TEMPORAL quote again from today's rates (approved tasks keep their price)",
        params: idParam,
        response: { 200: taskReplies.recalculated },
      },
      config: { access: 'tasks:amount-to-pay', action: 'tasks.recalculate' },
    },
    async (request) => ({
      data: logged(request, await recalculateQuote(app, actorOf(request), request.params.id)),
    }),
  );

  app.put(
    '/tasks/:id/updateDaysToAdd',
    {
      schema: {
        tags: ['tasks'],
        params: idParam,
        body: daysToAddBody,
        response: { 200: taskReplies.daysToAdd },
      },
      config: { access: 'tasks:days-to-add', action: 'tasks.days_to_add' },
    },
    async (request) => ({
      data: logged(
        request,
        await staff.setDaysToAdd(app, actorOf(request), request.params.id, request.body.days_to_add),
      ),
    }),
  );

  app.post(
    '/other-concepts',
    {
      schema: { tags: ['tasks'], body: otherConceptBody, response: { 201: taskReplies.otherConcept } },
      config: { access: 'other-concepts:manage', action: 'other_concepts.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await staff.addOtherConcept(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/other-concepts/:id',
    {
      schema: {
        tags: ['tasks'],
        params: idParam,
        body: otherConceptBody,
        response: { 200: taskReplies.otherConcept },
      },
      config: { access: 'other-concepts:manage', action: 'other_concepts.update' },
    },
    async (request) => ({
      data: logged(
        request,
        await staff.updateOtherConcept(app, actorOf(request), request.params.id, request.body),
      ),
    }),
  );

  app.delete(
    '/other-concepts/:id',
    {
      schema: { tags: ['tasks'], params: idParam, response: { 200: taskReplies.deleted } },
      config: { access: 'other-concepts:manage', action: 'other_concepts.delete' },
    },
    async (request) => ({
      data: logged(request, await staff.deleteOtherConcept(app, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    '/pay-task-histories',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Record a payment received',
        body: payTaskHistoryBody,
        response: { 201: taskReplies.payTaskHistory },
      },
      config: { access: 'payments:add', action: 'payments.record' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await staff.addPayment(app, actorOf(request), request.body)) }),
  );

  app.delete(
    '/task/:id',
    {
      schema: { tags: ['tasks'], params: idParam, response: { 200: taskReplies.taskDeleted } },
      config: { access: 'tasks:delete', action: 'tasks.delete' },
    },
    async (request) => ({
      data: logged(request, await staff.deleteTask(app, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    '/tasks/:id/uploadTranslatedFile',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Deliver a translation (multipart: file, source_file_id, language_id)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: taskReplies.delivered },
      },
      config: { access: 'tasks:translated-files', action: 'tasks.upload_translation' },
    },
    async (request, reply) => {
      const id = request.params.id;
      await delivery.deliverableTask(app, actorOf(request), id).catch(async (err: unknown) => {
        await drainParts(request);
        throw err;
      });
      const upload = await receiveTranslatedFile(app, request);
      const delivered = logged(
        request,
        await delivery.uploadTranslatedFile(app, actorOf(request), id, upload),
      );
      return reply.status(201).send({ data: delivered });
    },
  );

  app.put(
    '/tasks/:id/delivery-status',
    {
      schema: {
        tags: ['delivery'],
        summary: "Staff: mark a target language's delivery partial or final, with a note for the client",
        params: idParam,
        body: deliveryStatusBody,
        response: { 200: taskReplies.deliveryStatus },
      },
      config: { access: 'tasks:translated-files', action: 'tasks.delivery_status' },
    },
    async (request) => ({
      data: logged(request, await markDelivery(app, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/tasks/:id/uploadTranslatedFiles',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'Deliver many translations (multipart files[] or one zip), matched by language folder, suffix or name. ' +
          'With ?preview=1 answers the proposed matches and stores nothing; without it stores them, ' +
          "with the PM's fixes in `assignments` (JSON [{ name, source_file_id, language_id }], null ids: skip).",
        params: idParam,
        querystring: deliveryBatchQuery,
        consumes: ['multipart/form-data'],
        response: { 200: deliveryReplies.preview, 201: deliveryReplies.batch },
      },
      config: { access: 'tasks:translated-files', action: 'tasks.upload_translations' },
    },
    async (request, reply) => {
      const id = request.params.id;
      const context = await delivery
        .deliverableTask(app, actorOf(request), id)
        .then(() => batch.matchContext(app, id))
        .catch(async (err: unknown) => {
          await drainParts(request);
          throw err;
        });
      const preview = request.query.preview;
      const received = await receiveTranslationBatch(app, request, {
        store: !preview,
        isContainer: batch.isContainer(context),
      });
      if (preview)
        return reply.send({ data: await batch.previewTranslationBatch(app, actorOf(request), id, received) });
      const stored = logged(request, await batch.storeTranslationBatch(app, actorOf(request), id, received));
      return reply.status(201).send({ data: stored });
    },
  );

  app.delete(
    '/tasks/:id/removeTranslatedFile/:fileId',
    {
      schema: { tags: ['delivery'], params: fileParams, response: { 200: taskReplies.deleted } },
      config: { access: 'tasks:translated-files', action: 'tasks.remove_translation' },
    },
    async (request) => ({
      data: logged(
        request,
        await delivery.removeTranslatedFile(app, actorOf(request), request.params.id, request.params.fileId),
      ),
    }),
  );

  app.get(
    '/task/:id/downloadTranslatedFile/:fileId',
    { schema: { tags: ['delivery'], params: fileParams }, config: { access: 'tasks:view', binary: true } },
    async (request, reply) => {
      const file = await delivery.translationDownload(
        app,
        actorOf(request),
        request.params.id,
        request.params.fileId,
      );
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );

  app.get(
    '/task/:id/translations.zip',
    {
      schema: {
        tags: ['delivery'],
        summary: 'All translations of a task, one folder per language',
        params: idParam,
      },
      config: { access: 'tasks:view', binary: true },
    },
    async (request, reply) => {
      const { code, stream } = logged(
        request,
        await delivery.translationsZip(app, actorOf(request), request.params.id),
      );
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`translations-${code}.zip`));
      return reply.send(stream);
    },
  );
};
