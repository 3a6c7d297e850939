import type { FastifyInstance } from 'fastify';
import type { HeardChangesCache } from '../lib/heard-changes-cache.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps `cache` true to the database (ADR 0005, ADR 0022, ADR 0024): it forgets everything when
 * `channel` announces a change (or only the groups a notification names), keeps nothing while the
 * listening connection is down, and forgets everything before the reply of any request that may have
 * changed something leaves this process, so that the caller's next request never meets what it
 * changed, whenever the notification arrives. Call it from a plugin wrapped in `fastify-plugin`, so
 * that the hooks see every route.
 */
export function heardChanges<T>(app: FastifyInstance, channel: string, cache: HeardChangesCache<T>): void {
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(channel, {
      // A notification names the groups it changed (tasks' ids, comma-separated), or nothing: then
      // anything may have.
      notify: (payload) => {
        if (!payload) return cache.clear();
        for (const group of payload.split(',')) cache.forget(group);
      },
      ready: () => cache.resume(),
      lost: () => cache.suspend(),
    });
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) cache.clear();
  });
}
