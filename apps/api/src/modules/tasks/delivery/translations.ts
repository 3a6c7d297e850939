import { readTmx, readXliffPairs, type TmUnit } from '@verba/analysis';
import { feedMemory } from '../../memories/service.ts';
import { invalid, notFound } from '../../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../../lib/service.ts';
import * as policy from '../policy.ts';
import { openTranslation, zipOfTranslations } from './files.ts';
import * as repo from '../repository.ts';
import { visibleTask } from '../service.ts';
import type { ReceivedTranslation } from './upload.ts';
import { removeUnreferenced } from '../../../plugins/storage.ts';

/** Delivered files that pair each source text with its translation: TMX and the XLIFF flavours. */
export const BILINGUAL_FILE = /\.(tmx|xlf|xliff|sdlxliff|mqxliff)$/i;

/** The task, if translations may be delivered to it now; routes ask before reading the upload. */
export async function deliverableTask(deps: Deps, actor: Actor, taskId: number) {
  const task = await visibleTask(deps, actor, taskId);
  policy.assertCan(actor.user, 'upload-translations', task);
  return task;
}

/** A delivered translation replaces any earlier one of the same file and language. */
export async function uploadTranslatedFile(
  deps: Deps,
  actor: Actor,
  taskId: number,
  upload: ReceivedTranslation,
) {
  const { fields, stored } = upload;
  const fail = async (errors: Record<string, string[]>) => {
    if (stored) await deps.storage.remove(stored.key);
    return invalid(errors);
  };
  const task = await visibleTask(deps, actor, taskId).catch(async (err: unknown) => {
    if (stored) await deps.storage.remove(stored.key);
    throw err;
  });
  if (!stored || stored.size === 0) throw await fail({ file: ['validation.required'] });
  const sourceFileId = Number(fields.source_file_id);
  const languageId = Number(fields.language_id);
  const source = Number.isInteger(sourceFileId)
    ? await repo.findSourceFile(deps.db, taskId, sourceFileId)
    : undefined;
  const target = Number.isInteger(languageId)
    ? await repo.findTargetLanguage(deps.db, taskId, languageId)
    : undefined;
  const errors: Record<string, string[]> = {};
  if (!source) errors.source_file_id = ['validation.invalid_option'];
  if (!target) errors.language_id = ['validation.invalid_option'];
  if (Object.keys(errors).length) throw await fail(errors);

  const previous = await repo.translationsOf(deps.db, sourceFileId, languageId);
  const row = await repo.replaceTranslation(
    deps.db,
    {
      task_id: taskId,
      source_file_id: sourceFileId,
      language_id: languageId,
      file_name: stored.name,
      file_path: stored.key,
      size: stored.size,
      uploaded_by: actor.user.id,
    },
    task.customer_id,
  );
  await removeUnreferenced(
    deps.storage,
    deps.log,
    previous.map((p) => p.file_path),
  );
  const learned =
    task.customer_id && BILINGUAL_FILE.test(stored.name)
      ? await feedFromDelivery(deps, actor, task.customer_id, task.source_language_id, languageId, stored)
      : 0;
  return outcome(
    { ...row, tm_units_added: learned },
    {
      action: 'tasks.upload_translation',
      key: learned ? 'tasks.delivered_learned' : 'tasks.delivered',
      params: { code: task.code, file: stored.name, units: learned },
      customerId: task.customer_id,
    },
  );
}

/** The translation units of a delivered bilingual file, in file order. */
function bilingualUnits(
  deps: Deps,
  file: { key: string; name: string },
  sourceLanguage: string,
  targetLanguage: string,
): AsyncIterable<TmUnit> {
  const input = deps.storage.open(file.key);
  return /\.tmx$/i.test(file.name)
    ? readTmx(input, { sourceLanguage, targetLanguage })
    : readXliffPairs(input, { sourceLanguage, targetLanguage });
}

/**
 * A delivered bilingual file (TMX or XLIFF) feeds the customer's memory, so the next quote of the
 * same text matches; the memory records the delivery as the pair's source. A file the reader stops
 * on is still delivered, and teaches the memory nothing.
 */
export async function feedFromDelivery(
  deps: Deps,
  actor: Actor,
  customerId: number,
  sourceId: number,
  targetId: number,
  file: { key: string; name: string },
): Promise<number> {
  const langs = await repo.allLanguages(deps.db);
  const sourceIso = langs.find((l) => l.id === sourceId)?.iso_code;
  const targetIso = langs.find((l) => l.id === targetId)?.iso_code;
  if (!sourceIso || !targetIso) return 0;
  try {
    return await feedMemory(
      deps.db,
      {
        customerId,
        source: sourceIso,
        target: targetIso,
        origin: 'DELIVERY',
        fileName: file.name,
        userId: actor.user.id,
      },
      bilingualUnits(deps, file, sourceIso, targetIso),
    );
  } catch (err) {
    deps.log.warn({ err, file: file.name }, 'a delivered bilingual file could not feed the memory');
    return 0;
  }
}

export async function translationForDownload(deps: Deps, actor: Actor, taskId: number, fileId: number) {
  await visibleTask(deps, actor, taskId);
  const file = await repo.findTranslation(deps.db, taskId, fileId);
  if (!file) throw notFound();
  return file;
}

export async function removeTranslatedFile(deps: Deps, actor: Actor, taskId: number, fileId: number) {
  const file = await translationForDownload(deps, actor, taskId, fileId);
  await repo.deleteTranslation(deps.db, fileId);
  await removeUnreferenced(deps.storage, deps.log, [file.file_path]);
  return outcome(
    { deleted: true as const },
    { action: 'tasks.remove_translation', key: 'tasks.delivery_removed', params: { file: file.file_name } },
  );
}

/** A delivered file and its content, for a download. */
export async function translationDownload(deps: Deps, actor: Actor, taskId: number, fileId: number) {
  await visibleTask(deps, actor, taskId);
  return openTranslation(deps, taskId, fileId);
}

/**
 * All translations of a task as one zip, one folder per target language. A read that fails once
 * the zip is streaming cuts the download (the client sees an incomplete transfer) and is logged.
 */
export async function translationsZip(deps: Deps, actor: Actor, taskId: number) {
  const task = await visibleTask(deps, actor, taskId);
  return outcome(
    { code: task.code, stream: await zipOfTranslations(deps, task) },
    {
      action: 'tasks.download_translations',
      key: 'tasks.translations_downloaded',
      params: { code: task.code },
    },
  );
}
