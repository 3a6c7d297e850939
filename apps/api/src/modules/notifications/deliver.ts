import {
  isStaff,
  NOTIFICATION_KINDS,
  type Locale,
  type NotificationChannel,
  type NotificationKind,
} from '@verba/contracts';
import { translator, type Translate } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import { formatDate } from '../../lib/format.ts';
import type { Deps } from '../../lib/service.ts';
import type { DomainEvent } from '../events/service.ts';
import * as repo from './repository.ts';

/** What a user gets until it chooses otherwise. */
export const DEFAULT_CHANNELS: Record<NotificationKind, NotificationChannel> = {
  quoted: 'email',
  approved: 'email',
  in_course: 'email',
  delivered: 'digest',
  done: 'email',
  message: 'email',
  invoice_issued: 'email',
  due_date_changed: 'digest',
  payment_failed: 'email',
};

const KIND_OF: Partial<Record<DomainEvent['type'], NotificationKind>> = {
  'task.quoted': 'quoted',
  'task.approved': 'approved',
  'task.paid': 'approved',
  'task.in_course': 'in_course',
  'task.delivered': 'delivered',
  'task.done': 'done',
  'message.created': 'message',
  'invoice.issued': 'invoice_issued',
  'task.due_date_changed': 'due_date_changed',
  'payment.failed': 'payment_failed',
};

/** Staff hear of these besides the customer's side. */
const STAFF_HEAR: ReadonlySet<NotificationKind> = new Set(['approved', 'payment_failed']);
const EXCERPT = 140;

type Values = Record<string, string | number | null>;

/**
 * Who hears of an event: the requester and the customer's client admins, and/or staff (the PM who
 * took the task, else all). An internal note reaches staff only; a client's message reaches staff;
 * the author of a change is not told of it, except of its own failed payment.
 */
async function audience(deps: Pick<Deps, 'db'>, event: DomainEvent, kind: NotificationKind) {
  const task = event.task_id ? await repo.findTask(deps.db, event.task_id) : undefined;
  const clients = async () => {
    const customerId = task?.customer_id ?? event.customer_id;
    const requester = task?.user_id ? await repo.activeUsers(deps.db, [task.user_id]) : [];
    const admins = customerId ? await repo.clientAdmins(deps.db, customerId) : [];
    return [...requester, ...admins];
  };
  const staff = async () => {
    const pm = task ? await repo.takenBy(deps.db, task.id) : undefined;
    return pm ? [pm] : repo.activeStaff(deps.db);
  };
  let people: repo.Recipient[] = [];
  const values: Values = { code: task?.code ?? (event.data.code as string | undefined) ?? null };
  if (kind === 'message') {
    const message = await repo.findMessage(deps.db, Number(event.data.message_id));
    if (!message) return { people, values };
    values.author = message.author_name;
    values.excerpt = message.body.length > EXCERPT ? `${message.body.slice(0, EXCERPT)}…` : message.body;
    people = message.internal || message.author_side !== 'staff' ? await staff() : await clients();
    if (message.internal) people = people.filter((p) => isStaff(p.type));
  } else {
    people = await clients();
    if (STAFF_HEAR.has(kind)) people.push(...(await staff()));
  }
  if (kind === 'invoice_issued') values.folio = (event.data.folio as string | undefined) ?? null;
  if (kind === 'due_date_changed') values.date = (event.data.to as string | null | undefined) ?? null;
  const unique = new Map(people.map((p) => [p.id, p]));
  if (kind !== 'payment_failed' && event.actor_user_id) unique.delete(event.actor_user_id);
  return { people: [...unique.values()], values };
}

export const linkOf = (n: { task_id: number | null; invoice_id: number | null }) =>
  n.invoice_id ? `/invoices/${n.invoice_id}` : n.task_id ? `/tasks/${n.task_id}` : '/';

/** The sentence of a notification in `locale` (mails and digests; the web writes its own). */
export function describe(t: Translate, locale: Locale, kind: string, values: Values): string {
  const date =
    typeof values.date === 'string' ? formatDate(new Date(values.date), locale) : t('notifications.no_date');
  return t(`notifications.kinds.${kind}`, { ...values, date });
}

/** The events subscriber: writes each person's notification and mails those who want it at once. */
export async function notifyEvent(deps: Deps, event: DomainEvent): Promise<void> {
  const kind = KIND_OF[event.type];
  if (!kind || (event.type === 'payment.failed' && event.data.cancelled)) return;
  const { people, values } = await audience(deps, event, kind);
  if (!people.length) return;
  const prefs = await repo.preferencesOf(
    deps.db,
    people.map((p) => p.id),
  );
  const channelOf = (userId: number) =>
    (prefs.find((p) => p.user_id === userId && p.kind === kind)?.channel as
      NotificationChannel | undefined) ?? DEFAULT_CHANNELS[kind];
  const inserted = await repo.insertNotifications(
    deps.db,
    people.map((p) => ({
      user_id: p.id,
      event_id: event.id,
      kind,
      task_id: event.task_id,
      invoice_id: event.invoice_id,
      values,
      digest_pending: channelOf(p.id) === 'digest',
    })),
  );
  // Only what this run inserted is mailed: a job run again sends nothing twice.
  for (const row of inserted) {
    const person = people.find((p) => p.id === row.user_id);
    if (!person || channelOf(person.id) !== 'email') continue;
    const t = translator(person.language);
    const text = describe(t, person.language, kind, values);
    await deps.mailer.send({
      to: person.email,
      subject: t('mail.notification.subject', { brand: deps.config.brand.name, text }),
      ...composeMail(t, deps.config.brand.name, person.name, [
        text,
        t('mail.notification.action', { link: `${deps.config.publicUrl}${linkOf(row)}` }),
      ]),
    });
  }
}

/** Hours between two digests of one user. */
export const DIGEST_EVERY_HOURS = 24;

/** Sends the daily digest of every user who has one due, in its language. Returns how many went out. */
export async function sendDigests(deps: Pick<Deps, 'db' | 'mailer' | 'config'>): Promise<number> {
  let sent = 0;
  for (const userId of await repo.usersWithDigest(deps.db)) {
    const [person] = await repo.activeUsers(deps.db, [userId]);
    if (!person) continue;
    const items = await repo.claimDigest(deps.db, userId, DIGEST_EVERY_HOURS);
    if (!items.length) continue;
    const t = translator(person.language);
    const lines = items
      .sort((a, b) => a.id - b.id)
      .map((n) => `- ${describe(t, person.language, n.kind, n.values)}`);
    await deps.mailer.send({
      to: person.email,
      subject: t('mail.digest.subject', { brand: deps.config.brand.name }),
      ...composeMail(t, deps.config.brand.name, person.name, [
        t('mail.digest.intro'),
        lines.join('\n'),
        t('mail.digest.action', { link: deps.config.publicUrl }),
      ]),
    });
    sent++;
  }
  return sent;
}

export const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);
