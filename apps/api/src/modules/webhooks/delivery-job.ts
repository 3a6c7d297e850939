import type { FastifyInstance } from 'fastify';
import { composeMail } from '../../lib/mail-templates.ts';
import { translator } from '../../lib/i18n.ts';
import type { Deps } from '../../lib/service.ts';
import * as repo from './repository.ts';
import { sendOnce, type AttemptResult } from './send.ts';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';

/** Queues one attempt of a delivery; `manual` (resent by hand) tries once and schedules nothing. */
export async function queueDelivery(
  deps: Pick<Deps, 'jobs'>,
  deliveryId: number,
  options: { tx?: Deps['db']; runAfter?: Date; manual?: boolean } = {},
) {
  await deps.jobs.enqueue(
    DELIVER_WEBHOOK_JOB,
    { deliveryId, ...(options.manual && { manual: true }) },
    options.tx,
    options.runAfter,
  );
}

/** The wait before the next attempt: the first retry delay, doubled at each failure, up to the longest. */
export function retryDelayMs(config: Deps['config']['webhooks'], failedAttempts: number): number {
  return Math.min(config.firstRetryMs * 2 ** Math.max(0, failedAttempts - 1), config.longestRetryMs);
}

/**
 * One attempt of a delivery, as the job queue runs it (once across servers). The attempt is
 * logged; a failure is queued again with backoff in the same transaction, until the delivery is
 * `retryForMs` old; an endpoint failing for that long is turned off and its client admins told.
 */
export async function attemptDelivery(deps: Deps, deliveryId: number, manual: boolean): Promise<void> {
  const found = await repo.deliveryWithEndpoint(deps.db, deliveryId);
  if (!found) return;
  const { delivery, endpoint } = found;
  // a later run of an older job: already settled
  if (!manual && delivery.status !== 'pending') return;
  const settings = deps.config.webhooks;
  if (!manual && !endpoint.is_active) {
    await repo.updateDelivery(deps.db, delivery.id, { status: 'failed', next_attempt_at: null });
    return;
  }
  const result = await sendOnce({
    url: endpoint.url,
    secret: endpoint.secret,
    body: delivery.body,
    eventType: delivery.event_type,
    deliveryId: delivery.event_id,
    timeoutMs: settings.timeoutMs,
    allowPrivate: settings.allowPrivate,
  });
  const now = new Date();
  // failing since the first failed delivery was due: it gives up when the endpoint is disabled
  const failingSince = result.ok ? null : (endpoint.failing_since ?? delivery.created_at);
  const disable = !result.ok && now.getTime() - failingSince!.getTime() >= settings.retryForMs;
  await deps.db.transaction(async (tx) => {
    await repo.recordAttempt(tx, attemptRow(delivery.id, result, manual));
    const attempts = delivery.attempts + 1;
    if (result.ok) {
      await repo.updateDelivery(tx, delivery.id, {
        status: 'delivered',
        attempts,
        delivered_at: now,
        next_attempt_at: null,
      });
    } else if (manual) {
      await repo.updateDelivery(tx, delivery.id, { attempts });
    } else if (disable || now.getTime() - delivery.created_at.getTime() >= settings.retryForMs) {
      await repo.updateDelivery(tx, delivery.id, { status: 'failed', attempts, next_attempt_at: null });
    } else {
      const runAfter = new Date(now.getTime() + retryDelayMs(settings, attempts));
      await repo.updateDelivery(tx, delivery.id, { attempts, next_attempt_at: runAfter });
      await queueDelivery(deps, delivery.id, { tx, runAfter });
    }
    if (result.ok !== (endpoint.failing_since === null) || disable)
      await repo.updateEndpoint(tx, endpoint.id, {
        failing_since: failingSince,
        ...(disable && { is_active: false, disabled_at: now }),
      });
  });
  if (disable && endpoint.is_active) await mailDisabled(deps, endpoint);
}

const attemptRow = (deliveryId: number, r: AttemptResult, manual: boolean) => ({
  delivery_id: deliveryId,
  started_at: r.startedAt,
  duration_ms: r.durationMs,
  status_code: r.statusCode,
  error: r.error,
  response: r.response,
  manual,
});

async function mailDisabled(deps: Deps, endpoint: repo.EndpointRow) {
  const brand = deps.config.brand.name;
  const hours = Math.round(deps.config.webhooks.retryForMs / 3_600_000);
  for (const admin of await repo.clientAdminsOf(deps.db, endpoint.customer_id)) {
    const t = translator(admin.language);
    const body = composeMail(t, brand, admin.name, [
      t('mail.webhook_disabled.intro', { url: endpoint.url, hours }),
      t('mail.webhook_disabled.action', { link: `${deps.config.publicUrl}/integrations` }),
    ]);
    await deps.mailer.send({
      to: admin.email,
      subject: t('mail.webhook_disabled.subject', { brand }),
      ...body,
    });
  }
}

export function registerWebhookDeliveryJob(app: FastifyInstance): void {
  app.jobs.work(DELIVER_WEBHOOK_JOB, async (payload) => {
    await attemptDelivery(app, Number(payload.deliveryId), payload.manual === true);
  });
}
