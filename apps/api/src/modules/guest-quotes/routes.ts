import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  convertGuestBody,
  convertGuestReply,
  guestRequestReply,
  guestTaskReply,
  guestTaskToken,
  idField,
  idParam,
  quoteChallengeReply,
  quoteRegisteredReply,
} from '@verba/contracts';
import { contentDisposition } from '../../lib/http.ts';
import { actorOf, anonymousOf, logged } from '../../lib/service.ts';
import { receiveTaskForm } from '../tasks/service.ts';
import * as service from './service.ts';

const GUEST_HOUSEKEEPING_JOB = 'guest-quotes.housekeeping';

/**
 * The public quote form and the guest's temporary task (spec part 2 §7 "Guest tasks and
 * quotes"); the guest's payment routes live in the payments module. Registered inside the
 * multipart scope (POST /register is multipart).
 */
export const guestQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quote/challenge',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: 'A proof-of-work challenge (ALTCHA) for the quote form; solved, it is the recaptcha_token',
        response: { 200: quoteChallengeReply },
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async () => ({ data: await service.challenge(app) }),
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: 'Public quote request (multipart, files in file[]); 201 with the link token as id',
        consumes: ['multipart/form-data'],
        response: { 201: quoteRegisteredReply },
      },
      config: {
        access: 'public',
        action: 'guest_quotes.register',
        rateLimit: { max: app.config.guestQuotes.maxPerIpPerHour, timeWindow: 60 * 60_000 },
      },
    },
    async (request, reply) => {
      const form = await receiveTaskForm(app, request);
      const registered = logged(request, await service.register(app, anonymousOf(request), form));
      return reply.status(201).send({ data: registered });
    },
  );

  app.get(
    '/task/temporal/:id',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: "A guest's temporary task by its link token (410 once expired)",
        params: z.object({ id: guestTaskToken }),
        response: { 200: guestTaskReply },
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => ({ data: await service.showGuestTask(app, anonymousOf(request), request.params.id) }),
  );

  app.get(
    '/task/temporal/:id/downloadTranslatedFile/:fileId',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: "One translation of a guest's DONE task (id = the link token); 404 before DONE",
        params: z.object({ id: guestTaskToken, fileId: idField }),
      },
      config: { access: 'public', binary: true, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await service.downloadGuestTranslation(app, anonymousOf(request), id, fileId);
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );

  app.get(
    '/task/temporal/:id/translations.zip',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: "All translations of a guest's DONE task, one folder per language; 404 before DONE",
        params: z.object({ id: guestTaskToken }),
      },
      config: { access: 'public', binary: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { code, stream } = await service.downloadGuestTranslations(
        app,
        anonymousOf(request),
        request.params.id,
      );
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`translations-${code}.zip`));
      return reply.send(stream);
    },
  );

  app.get(
    '/tasks/:id/guest-request',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: 'The quote request behind a guest task (staff)',
        params: idParam,
        response: { 200: guestRequestReply },
      },
      config: { access: 'customers:list' },
    },
    async (request) => ({ data: await service.guestRequest(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/tasks/:id/guest-customer',
    {
      schema: {
        tags: ['guest-quotes'],
        summary: 'Turn a guest request into a customer with its client admin; the task moves to it',
        params: idParam,
        body: convertGuestBody,
        response: { 200: convertGuestReply },
      },
      config: { access: 'customers:create', action: 'guest_quotes.convert' },
    },
    async (request) => {
      const converted = await service.convertToCustomer(
        app,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return { data: logged(request, converted) };
    },
  );

  // Housekeeping: unpaid guest quotes past GUEST_TASK_TTL_DAYS go, with their files.
  app.jobs.hourly(GUEST_HOUSEKEEPING_JOB, async () => {
    await service.expireGuestTasks(app);
  });
};
