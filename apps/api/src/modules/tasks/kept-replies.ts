import fp from 'fastify-plugin';
import type { TaskListQuery } from '@verba/contracts';
import { HeardChangesCache } from '../../lib/heard-changes-cache.ts';
import type { Actor } from '../../lib/service.ts';
import { heardChanges } from '../../plugins/heard-changes.ts';
import type { TaskLister } from './repository/list.ts';

/** Sent by the database on every change that can alter a page of the task list (migration 0016). */
const TASK_LIST_CHANGE_CHANNEL = 'verba_task_list_change';
/** Sent on every change that can alter a task's detail, naming the task when it is one (migration 0017). */
const TASK_DETAIL_CHANGE_CHANNEL = 'verba_task_detail_change';
/** What a notification lost without the listening connection dropping could cost at most. */
const MAX_AGE_MS = 30_000;
/** A page of 100 rows is about 40 kB: at most some 40 MB. */
const MAX_LIST_ENTRIES = 1_000;
/** A detail of 20 files × 3 languages is about 30 kB: at most some 60 MB. */
const MAX_DETAIL_ENTRIES = 2_000;
declare module 'fastify' {
  interface FastifyInstance {
    /** The task list's replies this process keeps (ADR 0022). */
    taskListReplies: KeptReplies;
    /** The task detail's replies this process keeps, grouped by task (ADR 0024). */
    taskDetailReplies: KeptReplies;
  }
}

/** Replies kept as the JSON sent, or, when not keeping, written again for every request. */
export class KeptReplies {
  constructor(
    readonly cache: HeardChangesCache<string>,
    readonly keeping: boolean,
  ) {}

  get counts(): HeardChangesCache<string>['counts'] {
    return this.cache.counts;
  }

  /**
   * The reply as kept, or as `write` reads and writes it (and then kept, under `group` when it
   * depends on one task's rows only).
   */
  async reply(key: string, write: () => Promise<string>, group?: string): Promise<string> {
    if (!this.keeping) return write();
    return (await this.cache.get(key, async () => ({ value: await write() }), group)) ?? write();
  }
}

export interface TaskRepliesOptions {
  /**
   * Off (`Config.keepTaskReplies`) in the bench's "from the database" lines, in the search
   * statement's own tests, and in tests on PostgreSQL that change rows in SQL (test/harness.ts).
   */
  keeping: boolean;
}

/**
 * The task list's and the task detail's replies, kept per process as the JSON sent while it hears
 * every change that could alter them (ADR 0022, ADR 0024): the first page of the list is what every
 * project manager opens, a search for a common word costs the database milliseconds, and a task's
 * detail is one round trip and some 30 kB of JSON to parse and write again; none of them needs the
 * database again while nothing it shows changed.
 */
export const taskRepliesCachePlugin = fp<TaskRepliesOptions>(async (app, { keeping }) => {
  const lists = new HeardChangesCache<string>({ maxAgeMs: MAX_AGE_MS, maxEntries: MAX_LIST_ENTRIES });
  const details = new HeardChangesCache<string>({ maxAgeMs: MAX_AGE_MS, maxEntries: MAX_DETAIL_ENTRIES });
  app.decorate('taskListReplies', new KeptReplies(lists, keeping));
  app.decorate('taskDetailReplies', new KeptReplies(details, keeping));
  heardChanges(app, TASK_LIST_CHANGE_CHANNEL, lists);
  heardChanges(app, TASK_DETAIL_CHANGE_CHANNEL, details);
});

/** Who a reply is for, as far as it matters: the scope of DESIGN §5. */
const scopeOf = (user: TaskLister) => [
  user.type,
  user.customer_id,
  // A client user's scope is its own: the departments it belongs to and the tasks it requested.
  user.type === 'CLIENT_USER' ? user.id : null,
];

/**
 * Everything a page depends on: who lists and what they asked for, the whole query as parsed
 * (defaults filled in, keys in the schema's order), so that a new filter is part of the key.
 */
export function listReplyKey(lister: TaskLister, q: TaskListQuery): string {
  return JSON.stringify([...scopeOf(lister), q]);
}

/**
 * Everything a detail depends on beyond the task's rows: who reads it (what they may see and do is
 * their role's and scope's) and their language (names of languages and service levels).
 */
export function detailReplyKey(actor: Actor, taskId: number): string {
  return JSON.stringify([taskId, ...scopeOf(actor.user), actor.locale]);
}
