import { invoiceDetailSchema, taskDetail, WEBHOOK_EVENTS, type WebhookEvent } from '@verba/contracts';
import { systemActor, type Actor, type Deps } from '../../lib/service.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { invoiceDetail } from '../invoices/service.ts';
import { detail as taskDetailOf } from '../tasks/service.ts';
import { queueDelivery } from './delivery-job.ts';
import * as repo from './repository.ts';

/** What a webhook needs of a domain event (the events module's `DomainEvent` has these and more). */
export interface EventToDeliver {
  id: string;
  type: string;
  created_at: Date | string;
  task_id: number | null;
  invoice_id: number | null;
  customer_id: number | null;
}

const isWebhookEvent = (type: string): type is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(type);

/**
 * Turns an event into one delivery per endpoint of its customer listening to it, queued in one
 * transaction. The body is written once, so every attempt sends (and signs) the same bytes: `data`
 * is the task or invoice as the API answers it to the customer's client admin.
 */
export async function queueEvent(deps: Deps, event: EventToDeliver): Promise<number> {
  if (!isWebhookEvent(event.type) || event.customer_id === null) return 0;
  const endpoints = await repo.endpointsListening(deps.db, event.customer_id, event.type);
  if (!endpoints.length) return 0;
  const [admin] = await repo.clientAdminsOf(deps.db, event.customer_id);
  if (!admin) return 0;
  const actor = systemActor({ ...admin, session_id: 0 } as CurrentUser);
  const data = await eventData(deps, actor, event);
  if (data === undefined) return 0;
  const createdAt = new Date(event.created_at).toISOString();
  const body = JSON.stringify({ id: event.id, type: event.type, created_at: createdAt, data });
  return deps.db.transaction(async (tx) => {
    const rows = await repo.insertDeliveries(
      tx,
      endpoints.map((e) => ({ endpoint_id: e.id, event_id: event.id, event_type: event.type, body })),
    );
    for (const row of rows) await queueDelivery(deps, row.id, { tx });
    return rows.length;
  });
}

async function eventData(deps: Deps, actor: Actor, event: EventToDeliver): Promise<unknown> {
  if (event.type.startsWith('invoice.')) {
    if (event.invoice_id === null) return undefined;
    return invoiceDetailSchema.parse(await invoiceDetail(deps, actor, event.invoice_id));
  }
  if (event.task_id === null) return undefined;
  return taskDetail.parse(await taskDetailOf(deps, actor, event.task_id));
}
