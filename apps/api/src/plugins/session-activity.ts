import fp from 'fastify-plugin';
import { touchSession } from '../modules/sessions/service.ts';

/** A session's `last_seen_at` is written at most this often per process. */
const TOUCH_EVERY_MS = 60_000;
const MAX_TRACKED = 10_000;

/** Keeps each session's "last seen" for the session list, with at most one write a minute. */
export const sessionActivityPlugin = fp(async (app) => {
  const written = new Map<number, number>();
  app.addHook('onResponse', async (request) => {
    const sessionId = request.user?.session_id;
    if (sessionId === undefined) return;
    const now = Date.now();
    if (now - (written.get(sessionId) ?? 0) < TOUCH_EVERY_MS) return;
    if (written.size >= MAX_TRACKED) written.clear();
    written.set(sessionId, now);
    try {
      await touchSession(app.db, sessionId, new Date(now));
    } catch (err) {
      request.log.warn({ err }, 'could not record when the session was last seen');
    }
  });
});
