import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataReply,
  idParam,
  webhookBody,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookResendSchema,
  webhookSchema,
  webhookSecretSchema,
  webhookUpdateBody,
  webhookUpdatedSchema,
} from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import { onEvent } from '../events/service.ts';
import * as service from './service.ts';

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  service.registerWebhookDeliveryJob(app);
  onEvent('webhooks', service.deliverWebhooks);

  app.get(
    '/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: "The customer's webhook endpoints (never their secrets)",
        response: { 200: dataReply(z.array(webhookSchema)) },
      },
      config: { access: 'webhooks:manage' },
    },
    async (request) => ({ data: await service.list(app, actorOf(request)) }),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Register an endpoint; data.secret signs its deliveries and is shown this once',
        description:
          'The URL must be https and resolve to public addresses only (checked again at each delivery). ' +
          'Each delivery is a POST of { id, type, created_at, data } signed in the header ' +
          '`Verba-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`.',
        body: webhookBody,
        response: { 201: dataReply(webhookSecretSchema) },
      },
      config: { access: 'webhooks:manage', action: 'webhooks.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: logged(request, await service.create(app, actorOf(request), request.body)) }),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Change an endpoint; roll_secret answers a new secret (once), is_active turns it back on',
        params: idParam,
        body: webhookUpdateBody,
        response: { 200: dataReply(webhookUpdatedSchema) },
      },
      config: { access: 'webhooks:manage', action: 'webhooks.update' },
    },
    async (request) => ({
      data: logged(request, await service.update(app, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: { tags: ['webhooks'], params: idParam, response: { 200: dataReply(webhookSchema) } },
      config: { access: 'webhooks:manage', action: 'webhooks.delete' },
    },
    async (request) => ({
      data: logged(request, await service.remove(app, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'The latest 50 deliveries of an endpoint, each attempt with its status, duration and first 1 KB',
        params: idParam,
        response: { 200: dataReply(z.array(webhookDeliverySchema)) },
      },
      config: { access: 'webhooks:manage' },
    },
    async (request) => ({ data: await service.deliveries(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again, once (queued)',
        params: webhookDeliveryParams,
        response: { 202: dataReply(webhookResendSchema) },
      },
      config: { access: 'webhooks:manage', action: 'webhooks.resend' },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: logged(
          request,
          await service.resend(app, actorOf(request), request.params.id, request.params.deliveryId),
        ),
      }),
  );
};
