import type { z } from 'zod';
import type { deliveryStatusBody } from '@verba/contracts';
import { invalid } from '../../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../../lib/service.ts';
import { deliveryProgress } from '../detail.ts';
import * as repo from '../repository.ts';
import { deliverableTask } from './translations.ts';

/**
 * PUT tasks/{id}/delivery-status: staff say whether a target language's delivery is partial (more
 * files to come) or final, with a note the client reads beside the download. Staff who may deliver
 * only (404 for a task they cannot see, 403 for a client, 422 before the work is paid for).
 */
export async function markDelivery(
  deps: Deps,
  actor: Actor,
  taskId: number,
  body: z.output<typeof deliveryStatusBody>,
) {
  const task = await deliverableTask(deps, actor, taskId);
  const target = await repo.findTargetLanguage(deps.db, taskId, body.language_id);
  if (!target) throw invalid({ language_id: ['validation.invalid_option'] });
  const marked = await repo.markDelivery(deps.db, taskId, body.language_id, body.final, body.note);
  const [files, translated, language] = await Promise.all([
    repo.taskSourceFiles(deps.db, taskId),
    repo.deliveredPairs(deps.db, taskId),
    repo.languagesByIds(deps.db, [body.language_id]),
  ]);
  const [progress] = deliveryProgress(files, translated, [marked], task.state === 'DONE');
  return outcome(progress!, {
    action: 'tasks.delivery_status',
    key: body.final ? 'tasks.delivery_final' : 'tasks.delivery_partial',
    params: { code: task.code, language: language[0]?.iso_code ?? String(body.language_id) },
    customerId: task.customer_id,
  });
}
