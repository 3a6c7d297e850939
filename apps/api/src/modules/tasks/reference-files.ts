import { invalid, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../lib/service.ts';
import { openStored } from '../../plugins/storage.ts';
import { visibleTasks } from './policy.ts';
import * as repo from './repository.ts';
import type { ReceivedFile } from './upload.ts';

/**
 * Order again: copies of reference files of tasks the caller may see, stored anew so that the new
 * task owns them (deleting either task leaves the other's files alone). A file the caller may not
 * see, or that does not exist, refuses the whole list. The caller removes the copies on a refusal.
 */
export async function copyReferenceFiles(
  deps: Deps,
  actor: Actor,
  ids: number[],
  into: ReceivedFile[],
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await repo.visibleReferenceFiles(deps.db, visibleTasks(actor.user), wanted);
  if (found.length !== wanted.length) throw invalid({ copy_reference_files: ['validation.invalid_option'] });
  for (const file of found) {
    const source = await openStored(deps.storage, file.file_path);
    const stored = await deps.storage.save('reference', source, deps.config.uploads.maxFileBytes);
    into.push({ name: file.file_name, ...stored });
  }
}

/** A reference file of a task the caller may see; anything else is 404. */
export async function referenceFileForDownload(deps: Deps, actor: Actor, taskId: number, fileId: number) {
  const task = await repo.findVisibleTask(deps.db, visibleTasks(actor.user), taskId);
  if (!task) throw notFound();
  const file = await repo.findReferenceFile(deps.db, taskId, fileId);
  if (!file) throw notFound();
  const stream = await openStored(deps.storage, file.file_path);
  return outcome(
    { file_name: file.file_name, stream },
    {
      action: 'tasks.download_reference',
      key: 'tasks.reference_downloaded',
      params: { code: task.code, file: file.file_name },
      customerId: task.customer_id,
    },
  );
}
