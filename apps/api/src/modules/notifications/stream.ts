import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_CHANGE_CHANNEL } from '../../plugins/auth.ts';
import { liveSessionIds } from '../sessions/service.ts';
import { unreadCount } from './service.ts';

/** The channel a new notification is announced on, with its user's id (migration 0021's trigger). */
export const NOTIFICATION_CHANNEL = 'verba_notification';
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

type Listener = () => void;

/**
 * The bells' live updates: each process LISTENs once and tells the Server-Sent Events streams of the
 * user a notification is for, so it works whichever server the notification was written on.
 */
export function notificationStreams(app: FastifyInstance) {
  const listeners = new Map<number, Set<Listener>>();
  const open = new Set<FastifyReply>();
  /** The open streams of each session (a personal API token's, session 0, are not tracked here). */
  const bySession = new Map<number, Set<FastifyReply>>();
  let stopListening: (() => Promise<void>) | undefined;
  let stopAuthListening: (() => Promise<void>) | undefined;

  // A revoked session (logout, DELETE /api/auth/sessions/{id}, password change, deactivation, on
  // whichever process) ends its streams: the sessions' own announcement tells every process, and
  // one statement says which of the sessions streaming here are still live.
  let checking: Promise<void> | undefined;
  let again = false;
  const endRevoked = async (): Promise<void> => {
    if (checking) {
      again = true;
      return checking;
    }
    checking = (async () => {
      do {
        again = false;
        const ids = [...bySession.keys()];
        if (!ids.length) break;
        const live = await liveSessionIds(app, ids).catch((err: unknown) => {
          app.log.warn({ err }, 'could not check the sessions of notification streams');
          return undefined;
        });
        if (!live) break;
        for (const id of ids) if (!live.has(id)) for (const reply of bySession.get(id) ?? []) reply.raw.end();
      } while (again);
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  };

  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(NOTIFICATION_CHANNEL, {
      notify: (payload) => {
        for (const listener of listeners.get(Number(payload)) ?? []) listener();
      },
      ready: () => {},
      lost: () => {},
    });
    stopAuthListening = await app.database.listen(AUTH_CHANGE_CHANNEL, {
      notify: () => void endRevoked(),
      // what was revoked while nobody listened is checked once the connection is back
      ready: () => void endRevoked(),
      lost: () => {},
    });
  });
  app.addHook('preClose', async () => {
    await stopListening?.();
    await stopAuthListening?.();
    for (const reply of open) reply.raw.end();
  });

  return async function stream(request: FastifyRequest, reply: FastifyReply) {
    const userId = request.user!.id;
    const sessionId = request.user!.session_id;
    if (!String(request.headers.accept ?? '').includes('text/event-stream'))
      return reply.status(406).send({ message: request.t('errors.not_acceptable') });
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    open.add(reply);
    const sessionStreams = bySession.get(sessionId) ?? new Set<FastifyReply>();
    if (sessionId) {
      sessionStreams.add(reply);
      bySession.set(sessionId, sessionStreams);
    }
    const send = async () => {
      const unread = await unreadCount(app, userId).catch(() => undefined);
      if (unread !== undefined && !reply.raw.writableEnded)
        reply.raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
    };
    const listener = () => void send();
    const mine = listeners.get(userId) ?? new Set<Listener>();
    mine.add(listener);
    listeners.set(userId, mine);
    const heartbeat = setInterval(() => {
      if (!reply.raw.writableEnded) reply.raw.write(': ping\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    // A client gone (or a socket reset mid-write) ends the stream's listener, timer and entry.
    const end = () => {
      clearInterval(heartbeat);
      mine.delete(listener);
      if (!mine.size) listeners.delete(userId);
      open.delete(reply);
      sessionStreams.delete(reply);
      if (!sessionStreams.size) bySession.delete(sessionId);
    };
    request.raw.on('close', end);
    reply.raw.on('close', end);
    reply.raw.on('error', (err) => {
      request.log.debug({ err }, 'notification stream ended by an error');
      end();
    });
    await send();
  };
}
