import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * Where a server is in its stop (server.ts): `stopping` from the signal on (readiness fails, so
 * the balancer sends no more), `closing` once it stops taking connections after the drain delay.
 */
export interface Lifecycle {
  stopping: boolean;
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * A request that reaches a closing server on a connection kept alive is refused before any work,
 * with the connection, in the caller's language (Fastify's own refusal is in English only).
 */
export const lifecyclePlugin = fp(async (app) => {
  const lifecycle: Lifecycle = { stopping: false, closing: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onRequest', async (_request, reply) => {
    if (!lifecycle.closing) return;
    reply.header('connection', 'close');
    throw new AppError(503, 'errors.server_stopping', { headers: { 'retry-after': '1' } });
  });
});
