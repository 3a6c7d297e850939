import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  DOMAIN_EVENT_CHANNEL,
  deliverEvent,
  hasUnrelayedEvents,
  relayEvents,
  subscriberJob,
  subscriberNames,
} from './service.ts';

/** A safety net under the NOTIFY of a committed event (a listening connection that was down). */
const POLL_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    events: {
      /** Resolves once every committed event was relayed and every subscriber job ran (tests, seeds). */
      settle(): Promise<void>;
    };
  }
}

/**
 * Runs the subscribers' jobs and relays committed events to them. Registered after the modules
 * that call `onEvent`, so that each subscriber has its job worker before the queue starts.
 */
export const eventsPlugin = fp(async (app: FastifyInstance) => {
  for (const name of subscriberNames()) {
    app.jobs.work(subscriberJob(name), async (payload) => deliverEvent(app, name, Number(payload.event_id)));
  }

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  const relayAll = async () => {
    while (!stopped && (await relayEvents(app)) > 0);
  };
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = relayAll()
      .catch((err: unknown) => app.log.error({ err }, 'could not relay domain events'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void kick();
        } else if (!stopped) timer = setTimeout(() => void kick(), POLL_MS);
      });
    return running;
  };

  app.decorate('events', {
    async settle() {
      do {
        await kick();
        await running;
        await app.jobs.idle();
      } while (await hasUnrelayedEvents(app.db));
    },
  });

  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(DOMAIN_EVENT_CHANNEL, {
      notify: () => void kick(),
      ready: () => void kick(),
      lost: () => {},
    });
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await stopListening?.();
    await running;
  });
});
