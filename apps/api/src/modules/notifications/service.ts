import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationItem,
  type NotificationKind,
} from '@verba/contracts';
import { outcome, type Actor, type Deps, unlogged } from '../../lib/service.ts';
import { DEFAULT_CHANNELS, isKind } from './deliver.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';

export { notifyEvent, sendDigests } from './deliver.ts';

function toItem(row: repo.NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    task_id: row.task_id,
    invoice_id: row.invoice_id,
    values: row.values,
    read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

/** The caller's latest notifications and how many are unread. */
export async function listNotifications(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: { unread?: string | undefined; limit: number },
) {
  policy.assertCan(actor.user, 'own');
  const unreadOnly = query.unread === '1' || query.unread === 'true';
  const [rows, unread] = await Promise.all([
    repo.listNotifications(deps.db, actor.user.id, unreadOnly, query.limit),
    repo.unreadCount(deps.db, actor.user.id),
  ]);
  return { items: rows.map(toItem), unread };
}

export async function unreadCount(deps: Pick<Deps, 'db'>, userId: number) {
  return repo.unreadCount(deps.db, userId);
}

/** Marks the caller's notifications read (some by id, or all); another user's ids change nothing. */
export async function markRead(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: { ids: number[] } | { all: true },
) {
  policy.assertCan(actor.user, 'own');
  await repo.markRead(deps.db, actor.user.id, 'all' in body ? 'all' : body.ids);
  // Reading one's own bell is not an action of the portal's record.
  return unlogged({ unread: await repo.unreadCount(deps.db, actor.user.id) });
}

/** Every kind with the caller's channel (its choice, or the default). */
export async function preferences(deps: Pick<Deps, 'db'>, actor: Actor) {
  policy.assertCan(actor.user, 'own');
  const rows = await repo.preferencesOf(deps.db, [actor.user.id]);
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    channel:
      (rows.find((r) => r.kind === kind && isKind(r.kind))?.channel as NotificationChannel | undefined) ??
      DEFAULT_CHANNELS[kind],
  }));
}

export async function setPreferences(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: { preferences: Array<{ kind: NotificationKind; channel: NotificationChannel }> },
) {
  policy.assertCan(actor.user, 'own');
  await repo.replacePreferences(deps.db, actor.user.id, body.preferences);
  return outcome(await preferences(deps, actor), {
    action: 'notifications.preferences',
    key: 'notifications.preferences_changed',
    params: {},
    customerId: actor.user.customer_id,
  });
}
