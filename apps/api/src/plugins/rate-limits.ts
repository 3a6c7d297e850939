import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { StartupError } from '../startup-checks.ts';

type Counted = { current: number; ttl: number };
type Done = (err: Error | null, result?: Counted) => void;
interface RouteLimit {
  routeInfo: { method: string | string[]; url: string };
}

const rowsOf = (result: unknown) => (result as { rows: Array<{ hits: number; ttl: number }> }).rows;

/**
 * @fastify/rate-limit's counters in PostgreSQL: every server on the database counts the same
 * hits. One statement per hit: the upsert starts a new window when the old one has ended.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly #prefix: string;
    constructor(_options?: unknown, prefix = 'verba:') {
      this.#prefix = prefix;
    }

    incr(key: string, done: Done, timeWindow: number) {
      db.execute(
        sql`
        insert into rate_limit_counters as c (key, hits, window_ends)
        values (${this.#prefix + key}, 1, clock_timestamp() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          hits = case when c.window_ends <= clock_timestamp() then 1 else c.hits + 1 end,
          window_ends = case when c.window_ends <= clock_timestamp() then excluded.window_ends else c.window_ends end
        returning hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::int as ttl`,
      )
        .then((result) => {
          const [row] = rowsOf(result);
          done(null, { current: row!.hits, ttl: row!.ttl });
        })
        .catch((err: unknown) => done(err as Error));
    }

    read(key: string, done: Done) {
      db.execute(
        sql`
        select hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::int as ttl
        from rate_limit_counters where key = ${this.#prefix + key} and window_ends > clock_timestamp()`,
      )
        .then((result) => {
          const [row] = rowsOf(result);
          done(null, row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 });
        })
        .catch((err: unknown) => done(err as Error));
    }

    // Typed as the route's options; what the plugin passes is its limit with the route as `routeInfo`.
    child(limit: object) {
      const { method, url } = (limit as RouteLimit).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.#prefix}${String(method)}${url}-`);
    }
  };
}

/**
 * Hits counted in fixed windows where every server sees them, for limits that are not a route's
 * (an API token's calls across all routes): the same store as the route limits.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<Counted>;
}

function postgresWindowCounter(db: Db): WindowCounter {
  const store = new (postgresRateLimitStore(db))(undefined, 'verba:window:');
  return {
    hit: (key, windowMs) =>
      new Promise((resolve, reject) =>
        store.incr(key, (err, counted) => (err ? reject(err) : resolve(counted!)), windowMs),
      ),
  };
}

function redisWindowCounter(redis: Redis): WindowCounter {
  return {
    async hit(key, windowMs) {
      const name = `verba-window:${key}`;
      const replies = await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).pttl(name).exec();
      const [, [, current], [, ttl]] = replies as [unknown, [unknown, number], [unknown, number]];
      return { current, ttl: Math.max(0, ttl) };
    },
  };
}

function memoryWindowCounter(): WindowCounter {
  const windows = new Map<string, { endsAt: number; hits: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
        window = { endsAt: now + windowMs, hits: 0 };
        windows.set(key, window);
      }
      window.hits += 1;
      return { current: window.hits, ttl: window.endsAt - now };
    },
  };
}

/** Forgets the counters whose window has ended (an upsert would start them again anyway). */
export async function forgetEndedWindows(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_ends < clock_timestamp()`);
}

const FORGET_ENDED_WINDOWS_JOB = 'rate-limits.forget-ended';

/**
 * Per-route request limits (`config.rateLimit`), counted where every server sees them: Redis when
 * REDIS_URL is set, else PostgreSQL. The embedded database has one process: it counts in memory.
 */
export const rateLimitsPlugin = fp(async (app) => {
  if (app.config.redisUrl) {
    const redis = new Redis(app.config.redisUrl, {
      connectTimeout: 5_000,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis connection error'));
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      const code = (err as { code?: string }).code ?? (err as Error).message;
      throw new StartupError(
        `Cannot reach the Redis server named by REDIS_URL (${code}). Start Redis there, correct REDIS_URL, or unset it to keep the request limits in PostgreSQL.`,
      );
    }
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: 'verba-rate-limit:' });
    app.decorate('windowCounter', redisWindowCounter(redis));
  } else if (app.database.kind === 'postgres') {
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db) });
    app.jobs.hourly(FORGET_ENDED_WINDOWS_JOB, () => forgetEndedWindows(app.db));
    app.decorate('windowCounter', postgresWindowCounter(app.db));
  } else {
    await app.register(rateLimit, { global: false });
    app.decorate('windowCounter', memoryWindowCounter());
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    windowCounter: WindowCounter;
  }
}
