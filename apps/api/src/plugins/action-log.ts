import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { actionLogs, customers } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { renderLogDescription, type LogKey, type LogParams } from '../lib/log-messages.ts';

export interface ActionLogEntry {
  action?: string;
  /**
   * What happened, as a message key under `log.descriptions` and its values, shown in the
   * reader's language. Required: no row is written as free English text; the English
   * rendering is stored beside it for search and old readers.
   */
  key: LogKey;
  params?: LogParams;
  /** The customer concerned; defaults to the signed-in user's. `null`: none. */
  customerId?: number | null;
  /** Who acted when no one is signed in yet (login, password reset). */
  userEmail?: string;
  userId?: number;
}

type RequestLog = Partial<ActionLogEntry> & { /** the call writes no row (see `unlogged`) */ skip?: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** What the action log row of this call says; set by the service when it knows more. */
    actionLog: RequestLog;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ENTRY = Symbol('actionLog');
type WithEntry = FastifyRequest & { [ENTRY]?: RequestLog };

/** Every successful mutating call writes one action log row (DESIGN §4). */
export const actionLogPlugin = fp(async (app) => {
  // Made on first use, so it exists whichever hook answered first: a call refused by an earlier
  // onRequest hook (no session, wrong role, rate limit) still reaches onSend.
  app.decorateRequest('actionLog', {
    getter(this: WithEntry) {
      return (this[ENTRY] ??= {});
    },
    setter(this: WithEntry, value: RequestLog) {
      this[ENTRY] = value;
    },
  });
  // Written before the reply leaves, so whoever got the answer finds the row.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode >= 400 ||
      !MUTATING.has(request.method) ||
      request.actionLog.skip ||
      !request.routeOptions.url?.startsWith('/api')
    )
      return payload;
    try {
      await writeActionLog(app.db, request, request.actionLog);
    } catch (err) {
      request.log.error({ err }, 'could not write the action log');
    }
    return payload;
  });
});

export async function writeActionLog(
  db: Db,
  request: FastifyRequest,
  entry: Partial<ActionLogEntry>,
): Promise<void> {
  const action =
    entry.action ?? request.routeOptions.config.action ?? `${request.method} ${request.routeOptions.url}`;
  const customerId = entry.customerId === undefined ? request.user?.customer_id : entry.customerId;
  let customer: { id: number; name: string } | undefined;
  if (customerId) {
    [customer] = await db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
  }
  const viaToken: LogParams = request.user?.token ? { via_token: request.user.token.name } : {};
  const params: LogParams | null = entry.key ? { ...entry.params, ...viaToken } : null;
  await db.insert(actionLogs).values({
    action,
    // A route that set no key (none should: action-logs-keys.test.ts) keeps its method and path.
    description:
      renderLogDescription('en', entry.key ?? null, params, 'raw') ??
      `${request.method} ${request.url.split('?')[0]}`,
    description_key: entry.key ?? null,
    params,
    ip: request.ip,
    user_id: entry.userId ?? request.user?.id ?? null,
    user_email: entry.userEmail ?? request.user?.email ?? null,
    customer_id: customer?.id ?? null,
    customer_name: customer?.name ?? null,
  });
}
