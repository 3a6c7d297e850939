import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuery,
  notificationPreferencesBody,
  notificationReadBody,
  notificationReplies,
} from '@verba/contracts';
import { actorOf, logged } from '../../lib/service.ts';
import { onEvent } from '../events/service.ts';
import * as service from './service.ts';
import { notificationStreams } from './stream.ts';

/** How often the digest job looks for digests that are due. */
const DIGEST_CHECK_MS = 15 * 60_000;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  onEvent('notifications', service.notifyEvent);
  const stream = notificationStreams(app);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's latest notifications (newest first) and its unread count",
        querystring: notificationListQuery,
        response: { 200: notificationReplies.list },
      },
      config: { access: 'account:manage' },
    },
    async (request) => ({ data: await service.listNotifications(app, actorOf(request), request.query) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: `{ ids: [...] }` or `{ all: true }`',
        body: notificationReadBody,
        response: { 200: notificationReplies.read },
      },
      config: { access: 'account:manage' },
    },
    async (request) => ({
      data: logged(request, await service.markRead(app, actorOf(request), request.body)),
    }),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Server-Sent Events: `unread` with the unread count at once and on every new notification',
      },
      config: { access: 'account:manage', binary: true },
    },
    stream,
  );

  app.get(
    '/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's channel for each kind of notification: portal, email or digest",
        response: { 200: notificationReplies.preferences },
      },
      config: { access: 'account:manage' },
    },
    async (request) => ({ data: await service.preferences(app, actorOf(request)) }),
  );

  app.put(
    '/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Set the channel of some kinds of notification',
        body: notificationPreferencesBody,
        response: { 200: notificationReplies.preferences },
      },
      config: { access: 'account:manage', action: 'notifications.preferences' },
    },
    async (request) => ({
      data: logged(request, await service.setPreferences(app, actorOf(request), request.body)),
    }),
  );

  // The daily digests: every process looks, a digest is claimed by one (repository.claimDigest).
  const digests = () =>
    service.sendDigests(app).catch((err: unknown) => app.log.error({ err }, 'could not send the digests'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void digests(), DIGEST_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
