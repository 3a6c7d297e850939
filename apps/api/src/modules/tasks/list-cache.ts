import fp from 'fastify-plugin';
import type { TaskListQuery } from '@verba/contracts';
import { HeardChangesCache } from '../../lib/heard-changes-cache.ts';
import { heardChanges } from '../../plugins/heard-changes.ts';
import type { TaskLister } from './repository/list.ts';

/** Sent by the database on every change that can alter a page of the task list (migration 0016). */
const TASK_LIST_CHANGE_CHANNEL = 'verba_task_list_change';
/** What a notification lost without the listening connection dropping could cost at most. */
const MAX_AGE_MS = 30_000;
/** A page of 100 rows is about 40 kB: at most some 40 MB. */
const MAX_ENTRIES = 1_000;
/** Off only in the bench's "from the database" lines and the search statement's own tests. */
let keeping = true;

declare module 'fastify' {
  interface FastifyInstance {
    /** The task list's replies this process keeps (ADR 0022). */
    taskListReplies: HeardChangesCache<string>;
  }
}

/**
 * The task list's replies, kept per process as the JSON sent while it hears every change that could
 * alter them (ADR 0022): the first page of the list is what every project manager opens, and a
 * search for a common word costs the database milliseconds; neither needs the database, nor writing
 * its rows as JSON, again while nothing changed.
 */
export const taskListCachePlugin = fp(async (app) => {
  const cache = new HeardChangesCache<string>({ maxAgeMs: MAX_AGE_MS, maxEntries: MAX_ENTRIES });
  app.decorate('taskListReplies', cache);
  heardChanges(app, TASK_LIST_CHANGE_CHANNEL, cache);
});

/** Whether pages are kept (the bench also measures without: every request reads the database). */
export function keepTaskLists(enabled: boolean): void {
  keeping = enabled;
}

/** Everything a page depends on: who lists (the scope of DESIGN §5) and what they asked for. */
function replyKey(lister: TaskLister, q: TaskListQuery): string {
  return JSON.stringify([
    lister.type,
    lister.customer_id,
    // A client user's scope is its own: the departments it belongs to and the tasks it requested.
    lister.type === 'CLIENT_USER' ? lister.id : null,
    q.state ?? null,
    // Only staff filter by customer (the service ignores it for clients).
    lister.type === 'VERBA_ADMIN' || lister.type === 'VERBA_PM' ? (q.client ?? null) : null,
    q.showCancelled,
    q.sort,
    q.order,
    q.page,
    q.per_page,
    q.search ?? null,
  ]);
}

/** The reply as kept, or as `write` reads and writes it (and then kept). */
export async function cachedTaskListReply(
  cache: HeardChangesCache<string>,
  lister: TaskLister,
  q: TaskListQuery,
  write: () => Promise<string>,
): Promise<string> {
  if (!keeping) return write();
  return (await cache.get(replyKey(lister, q), async () => ({ value: await write() }))) ?? write();
}
