import { isStaff, MESSAGE_BODY_MAX, type TaskMessage } from '@verba/contracts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { toPage } from '../../lib/paging.ts';
import { outcome, unlogged, type Actor, type Anonymous, type Deps } from '../../lib/service.ts';
import { openStored } from '../../plugins/storage.ts';
import { publishEvent } from '../events/service.ts';
import { guestTaskByToken, requesterOf, visibleTask } from '../tasks/service.ts';
import { visibleTasks } from '../tasks/policy.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';
import type { ReceivedMessage } from './upload.ts';

export interface PageRequest {
  page: number;
  per_page: number;
}

/** Who writes or reads: a signed-in user, or the guest of a task from its link. */
type Reader = { kind: 'user'; actor: Actor } | { kind: 'guest'; name: string };

const seesInternal = (reader: Reader) => reader.kind === 'user' && isStaff(reader.actor.user.type);

function toMessage(row: repo.MessageRow, files: repo.MessageFileRow[]): TaskMessage {
  return {
    id: row.id,
    task_id: row.task_id,
    body: row.body,
    internal: row.internal,
    created_at: row.created_at.toISOString(),
    author: {
      id: row.author_user_id,
      name: row.author_name,
      side: row.author_side as TaskMessage['author']['side'],
    },
    files: files
      .filter((f) => f.message_id === row.id)
      .map((f) => ({ id: f.id, file_name: f.file_name, size: f.size })),
  };
}

async function page(deps: Pick<Deps, 'db'>, taskId: number, reader: Reader, request: PageRequest) {
  const { rows, total } = await repo.listMessages(
    deps.db,
    taskId,
    seesInternal(reader),
    request.per_page,
    (request.page - 1) * request.per_page,
  );
  const files = await repo.filesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => toMessage(r, files)),
    total,
    request,
  );
}

/** A task's thread, newest first, with what the caller has not read yet (404: a task it cannot see). */
export async function listMessages(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  taskId: number,
  request: PageRequest,
) {
  policy.assertCan(actor.user, 'talk');
  await visibleTask(deps, actor, taskId);
  const reader: Reader = { kind: 'user', actor };
  const [thread, unread] = await Promise.all([
    page(deps, taskId, reader, request),
    repo.unreadCount(deps.db, taskId, actor.user.id, seesInternal(reader)),
  ]);
  return { ...thread, unread };
}

/** The body of a message, checked: required, at most MESSAGE_BODY_MAX characters. */
function bodyOf(form: ReceivedMessage): string {
  const body = (form.fields.body ?? '').trim();
  if (!body) throw invalid({ body: ['validation.required'] });
  if (body.length > MESSAGE_BODY_MAX)
    throw invalid({ body: [{ key: 'validation.max_length', values: { max: MESSAGE_BODY_MAX } }] });
  return body;
}

const truthy = (value: string | undefined) => value === 'true' || value === '1' || value === 'on';

async function store(
  deps: Pick<Deps, 'db'>,
  task: { id: number; code: string; customer_id: number | null },
  author: { userId: number | null; side: 'staff' | 'client' | 'guest'; name: string },
  body: string,
  internal: boolean,
  form: ReceivedMessage,
) {
  const { message, files } = await deps.db.transaction(async (tx) => {
    const made = await repo.insertMessage(
      tx,
      {
        task_id: task.id,
        author_user_id: author.userId,
        author_side: author.side,
        author_name: author.name.slice(0, 255),
        body,
        internal,
      },
      form.files.map((f) => ({ file_name: f.name, file_path: f.key, size: f.size })),
    );
    await publishEvent(tx, {
      type: 'message.created',
      task_id: task.id,
      invoice_id: null,
      customer_id: task.customer_id,
      actor_user_id: author.userId,
      data: {
        message_id: made.message.id,
        internal,
        author_side: author.side,
        author_name: author.name,
        code: task.code,
      },
    });
    return made;
  });
  return toMessage(message, files);
}

/**
 * Writes a message in a task's thread (with its attachments, already stored by `receiveMessage`).
 * A client may not write an internal note (403); nothing is kept of a refused message.
 */
export async function postMessage(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  taskId: number,
  form: ReceivedMessage,
) {
  try {
    policy.assertCan(actor.user, 'talk');
    const task = await visibleTask(deps, actor, taskId);
    const internal = truthy(form.fields.internal);
    if (internal) policy.assertCan(actor.user, 'write-internal');
    const body = bodyOf(form);
    const user = actor.user;
    const message = await store(
      deps,
      task,
      {
        userId: user.id,
        side: isStaff(user.type) ? 'staff' : 'client',
        name: `${user.name} ${user.lastname}`.trim(),
      },
      body,
      internal,
      form,
    );
    return outcome(message, {
      action: 'messages.post',
      key: internal ? 'messages.posted_internal' : 'messages.posted',
      params: { code: task.code, files: message.files.length },
      customerId: task.customer_id,
    });
  } catch (err) {
    await form.discard();
    throw err;
  }
}

/** Everything in the thread up to now is read by the caller. */
export async function markRead(deps: Pick<Deps, 'db'>, actor: Actor, taskId: number) {
  policy.assertCan(actor.user, 'talk');
  await visibleTask(deps, actor, taskId);
  await repo.markRead(deps.db, taskId, actor.user.id);
  return unlogged({ unread: 0 });
}

/** An attachment, for whoever may read its message (an internal note's is 404 to a client). */
export async function messageFile(
  deps: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  taskId: number,
  messageId: number,
  fileId: number,
) {
  policy.assertCan(actor.user, 'talk');
  await visibleTask(deps, actor, taskId);
  const found = await repo.findMessageFile(deps.db, taskId, messageId, fileId);
  policy.assertCan(actor.user, 'read', found?.message);
  return { file_name: found!.file.file_name, stream: await openStored(deps.storage, found!.file.file_path) };
}

/** The caller's unread counts, per task it can see that has any (the task list's badges). */
export async function unreadCounts(deps: Pick<Deps, 'db'>, actor: Actor) {
  policy.assertCan(actor.user, 'talk');
  const user = actor.user;
  return repo.unreadByTask(deps.db, visibleTasks(user), user.id, isStaff(user.type));
}

/** The guest's task by its link; an unknown token (or a task with a customer now) is 404. */
async function guestTask(deps: Pick<Deps, 'db'>, token: string) {
  const task = await guestTaskByToken(deps, token);
  if (!task) throw notFound();
  return task;
}

/** The thread of a guest's task, from its link: no internal note, ever. */
export async function listGuestMessages(
  deps: Pick<Deps, 'db'>,
  _guest: Anonymous,
  token: string,
  request: PageRequest,
) {
  const task = await guestTask(deps, token);
  return { ...(await page(deps, task.id, { kind: 'guest', name: '' }, request)), unread: 0 };
}

/** The guest writes in its task's thread from its link (never an internal note). */
export async function postGuestMessage(
  deps: Pick<Deps, 'db'>,
  _guest: Anonymous,
  token: string,
  form: ReceivedMessage,
) {
  try {
    const task = await guestTask(deps, token);
    if (truthy(form.fields.internal)) throw invalid({ internal: ['validation.invalid_option'] });
    const body = bodyOf(form);
    const requester = await requesterOf(deps, task);
    const message = await store(
      deps,
      task,
      { userId: null, side: 'guest', name: requester?.name ?? 'Guest' },
      body,
      false,
      form,
    );
    return outcome(message, {
      action: 'messages.post',
      key: 'messages.posted_guest',
      params: { code: task.code, files: message.files.length },
      customerId: null,
    });
  } catch (err) {
    await form.discard();
    throw err;
  }
}

/** An attachment of a guest's thread, from its link. */
export async function guestMessageFile(
  deps: Pick<Deps, 'db' | 'storage'>,
  token: string,
  messageId: number,
  fileId: number,
) {
  const task = await guestTask(deps, token);
  const found = await repo.findMessageFile(deps.db, task.id, messageId, fileId);
  if (!found || found.message.internal) throw notFound();
  return { file_name: found.file.file_name, stream: await openStored(deps.storage, found.file.file_path) };
}
