import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guestTaskToken, idField, idParam, messageListQuery, messageReplies } from '@verba/contracts';
import { actorOf, anonymousOf, logged } from '../../lib/service.ts';
import { contentDisposition } from '../../lib/http.ts';
import * as service from './service.ts';
import { receiveMessage } from './upload.ts';

const fileParams = z.object({ id: idField, messageId: idField, fileId: idField });
const guestParams = z.object({ id: guestTaskToken });
const guestFileParams = z.object({ id: guestTaskToken, messageId: idField, fileId: idField });
const guestLimit = { max: 60, timeWindow: 60_000 };

/** A task's thread (registered inside the uploads scope: messages carry attachments). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tasks/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A task's messages, newest first, paged, with the caller's unread count",
        params: idParam,
        querystring: messageListQuery,
        response: { 200: messageReplies.list },
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({
      data: await service.listMessages(app, actorOf(request), request.params.id, request.query),
    }),
  );

  app.post(
    '/tasks/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "Write in a task's thread (multipart `body`, `internal` for staff notes, `files[]`)",
        params: idParam,
        response: { 201: messageReplies.created },
      },
      config: { access: 'tasks:view', action: 'messages.post' },
    },
    async (request, reply) => {
      const form = await receiveMessage(app, request);
      const message = logged(
        request,
        await service.postMessage(app, actorOf(request), request.params.id, form),
      );
      return reply.status(201).send({ data: message });
    },
  );

  app.post(
    '/tasks/:id/messages/read',
    {
      schema: {
        tags: ['messages'],
        summary: "Mark a task's thread read up to now",
        params: idParam,
        response: { 200: messageReplies.read },
      },
      config: { access: 'tasks:view' },
    },
    async (request) => ({
      data: logged(request, await service.markRead(app, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/tasks/:id/messages/:messageId/files/:fileId',
    {
      schema: { tags: ['messages'], summary: "A message's attachment", params: fileParams },
      config: { access: 'tasks:view', binary: true },
    },
    async (request, reply) => {
      const { id, messageId, fileId } = request.params;
      const file = await service.messageFile(app, actorOf(request), id, messageId, fileId);
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );

  app.get(
    '/messages/unread',
    {
      schema: {
        tags: ['messages'],
        summary: "The caller's unread message counts, per task it can see (the task list's badges)",
        response: { 200: messageReplies.unread },
      },
      config: { access: 'tasks:list' },
    },
    async (request) => ({ data: await service.unreadCounts(app, actorOf(request)) }),
  );

  // The guest of a task writes from its link (id = the link token).
  app.get(
    '/task/temporal/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A guest task's messages, from its link",
        params: guestParams,
        querystring: messageListQuery,
        response: { 200: messageReplies.list },
      },
      config: { access: 'public', rateLimit: guestLimit },
    },
    async (request) => ({
      data: await service.listGuestMessages(app, anonymousOf(request), request.params.id, request.query),
    }),
  );

  app.post(
    '/task/temporal/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "The guest writes in its task's thread (multipart `body`, `files[]`)",
        params: guestParams,
        response: { 201: messageReplies.created },
      },
      config: { access: 'public', action: 'messages.post', rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const form = await receiveMessage(app, request);
      const message = logged(
        request,
        await service.postGuestMessage(app, anonymousOf(request), request.params.id, form),
      );
      return reply.status(201).send({ data: message });
    },
  );

  app.get(
    '/task/temporal/:id/messages/:messageId/files/:fileId',
    {
      schema: {
        tags: ['messages'],
        summary: "An attachment of a guest task's thread",
        params: guestFileParams,
      },
      config: { access: 'public', binary: true, rateLimit: guestLimit },
    },
    async (request, reply) => {
      const { id, messageId, fileId } = request.params;
      const file = await service.guestMessageFile(app, id, messageId, fileId);
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );
};
