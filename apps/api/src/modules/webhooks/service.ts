import type { Webhook, WebhookDelivery, WebhookEvent } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import { ownCustomerOf } from '../../lib/policy.ts';
import { outcome, type Actor, type Deps } from '../../lib/service.ts';
import { assertWebhookUrl } from './address-guard.ts';
import { queueDelivery } from './delivery-job.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';
import { newWebhookSecret } from './signature.ts';

export { deliverWebhooks, queueEvent } from './events.ts';
export { registerWebhookDeliveryJob } from './delivery-job.ts';

interface EndpointInput {
  url: string;
  events: WebhookEvent[];
}

const toDto = (row: repo.EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  is_active: row.is_active,
  failing_since: row.failing_since?.toISOString() ?? null,
  disabled_at: row.disabled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

export async function list(deps: Deps, actor: Actor): Promise<Webhook[]> {
  policy.assertCan(actor.user, 'list');
  return (await repo.listEndpoints(deps.db, ownCustomerOf(actor.user))).map(toDto);
}

/** The secret is in this answer only: it signs every delivery and is never shown again. */
export async function create(deps: Deps, actor: Actor, input: EndpointInput) {
  policy.assertCan(actor.user, 'create');
  const url = await assertWebhookUrl(input.url, deps.config.webhooks.allowPrivate);
  const secret = newWebhookSecret();
  const row = await repo.insertEndpoint(deps.db, {
    customer_id: ownCustomerOf(actor.user),
    url,
    events: [...new Set(input.events)],
    secret,
    created_by: actor.user.id,
  });
  return outcome({ id: row.id, secret }, { key: 'webhooks.created', params: { url } });
}

async function endpointToManage(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findEndpoint(deps.db, id);
  policy.assertCan(actor.user, 'manage', row);
  return row;
}

/** Changes the URL and events; `roll_secret` answers a new secret (the old one stops at once); `is_active` turns it on or off. */
export async function update(
  deps: Deps,
  actor: Actor,
  id: number,
  input: EndpointInput & { is_active?: boolean | undefined; roll_secret?: boolean | undefined },
) {
  await endpointToManage(deps, actor, id);
  const url = await assertWebhookUrl(input.url, deps.config.webhooks.allowPrivate);
  const secret = input.roll_secret ? newWebhookSecret() : undefined;
  const row = await repo.updateEndpoint(deps.db, id, {
    url,
    events: [...new Set(input.events)],
    ...(secret && { secret }),
    ...(input.is_active === true && { is_active: true, disabled_at: null, failing_since: null }),
    ...(input.is_active === false && { is_active: false, disabled_at: new Date() }),
  });
  return outcome(
    { ...toDto(row), ...(secret && { secret }) },
    { key: secret ? 'webhooks.secret_rolled' : 'webhooks.updated', params: { url } },
  );
}

export async function remove(deps: Deps, actor: Actor, id: number) {
  const row = await endpointToManage(deps, actor, id);
  await repo.deleteEndpoint(deps.db, id);
  return outcome(toDto(row), { key: 'webhooks.deleted', params: { url: row.url } });
}

const deliveryDto = (d: Awaited<ReturnType<typeof repo.listDeliveries>>[number]): WebhookDelivery => ({
  id: d.id,
  event_id: d.event_id,
  type: d.event_type,
  status: d.status as WebhookDelivery['status'],
  attempts: d.attempts.map((a) => ({
    started_at: a.started_at.toISOString(),
    duration_ms: a.duration_ms,
    status_code: a.status_code,
    error: a.error,
    response: a.response,
    manual: a.manual,
  })),
  next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
  delivered_at: d.delivered_at?.toISOString() ?? null,
  created_at: d.created_at.toISOString(),
});

/** The endpoint's latest deliveries (50), each with its attempts. */
export async function deliveries(deps: Deps, actor: Actor, id: number): Promise<WebhookDelivery[]> {
  await endpointToManage(deps, actor, id);
  return (await repo.listDeliveries(deps.db, id)).map(deliveryDto);
}

/** Sends a delivery again, once, through the job queue (whatever became of it). */
export async function resend(deps: Deps, actor: Actor, id: number, deliveryId: number) {
  const endpoint = await endpointToManage(deps, actor, id);
  const found = await repo.deliveryWithEndpoint(deps.db, deliveryId);
  if (!found || found.endpoint.id !== endpoint.id) throw notFound();
  await queueDelivery(deps, deliveryId, { manual: true });
  return outcome(
    { id: deliveryId, queued: true as const },
    { key: 'webhooks.resent', params: { url: endpoint.url, delivery: found.delivery.event_id } },
  );
}
