import { invoiceDetailSchema, taskDetail, type WebhookEvent } from '@verba/contracts';
import { systemActor, type Actor, type Deps } from '../../lib/service.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { DomainEvent, DomainEventType } from '../events/service.ts';
import { invoiceDetail } from '../invoices/service.ts';
import { detail as taskDetailOf } from '../tasks/service.ts';
import { queueDelivery } from './delivery-job.ts';
import * as repo from './repository.ts';

/** The webhook event each domain event is announced as (a payment is the task's approval). */
const WEBHOOK_EVENT_OF: Partial<Record<DomainEventType, WebhookEvent>> = {
  'task.quoted': 'task.quoted',
  'task.approved': 'task.approved',
  'task.paid': 'task.approved',
  'task.in_course': 'task.in_course',
  'task.delivered': 'task.delivered',
  'task.done': 'task.done',
  'task.cancelled': 'task.cancelled',
  'invoice.issued': 'invoice.issued',
  'message.created': 'message.created',
};

/** The events module's subscriber: one function for every app of the process (onEvent keeps it once). */
export const deliverWebhooks = async (deps: Deps, event: DomainEvent): Promise<void> => {
  await queueEvent(deps, event);
};

/**
 * Turns an event into one delivery per endpoint of its customer listening to it, queued in one
 * transaction. The body is written once, so every attempt sends (and signs) the same bytes: `data`
 * is the task or invoice as the API answers it to the customer's client admin.
 */
export async function queueEvent(deps: Deps, event: DomainEvent): Promise<number> {
  const type = WEBHOOK_EVENT_OF[event.type];
  if (!type || event.customer_id === null) return 0;
  const endpoints = await repo.endpointsListening(deps.db, event.customer_id, type);
  if (!endpoints.length) return 0;
  const [admin] = await repo.clientAdminsOf(deps.db, event.customer_id);
  if (!admin) return 0;
  const actor = systemActor({ ...admin, session_id: 0 } as CurrentUser);
  const data = await eventData(deps, actor, event);
  if (data === undefined) return 0;
  const createdAt = new Date(event.created_at).toISOString();
  const body = JSON.stringify({ id: event.id, type, created_at: createdAt, data });
  return deps.db.transaction(async (tx) => {
    const rows = await repo.insertDeliveries(
      tx,
      endpoints.map((e) => ({ endpoint_id: e.id, event_id: String(event.id), event_type: type, body })),
    );
    for (const row of rows) await queueDelivery(deps, row.id, { tx });
    return rows.length;
  });
}

async function eventData(deps: Deps, actor: Actor, event: DomainEvent): Promise<unknown> {
  if (event.type.startsWith('invoice.')) {
    if (event.invoice_id === null) return undefined;
    return invoiceDetailSchema.parse(await invoiceDetail(deps, actor, event.invoice_id));
  }
  if (event.task_id === null) return undefined;
  return taskDetail.parse(await taskDetailOf(deps, actor, event.task_id));
}
