import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import archiver from 'archiver';
import { contextHash, readTmx, readXliffPairs, type TmUnit } from '@verba/analysis';
import {
  languages,
  sourceFiles,
  taskTargetLanguages,
  translatedFiles,
  tmUnits,
} from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import { FileTooLargeError } from '../../plugins/storage.ts';
import { visibleTask } from './service.ts';
import { cleanFileName } from './upload.ts';

/** Translations are delivered once the work is paid for or in production. */
const DELIVERABLE_STATES = new Set(['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE']);
const TM_BATCH = 500;
/** Delivered files that pair each source text with its translation: TMX and the XLIFF flavours. */
const BILINGUAL_FILE = /\.(tmx|xlf|xliff|sdlxliff|mqxliff)$/i;

export async function uploadTranslatedFile(app: FastifyInstance, request: FastifyRequest, taskId: number) {
  const task = await visibleTask(app, request, taskId);
  if (!DELIVERABLE_STATES.has(task.state)) {
    for await (const part of request.parts()) if (part.type === 'file') part.file.resume();
    throw new AppError(422, 'tasks.delivery_not_allowed', {
      values: { state: task.state },
      fields: { state: [{ key: 'tasks.delivery_not_allowed', values: { state: task.state } }] },
    });
  }
  const fields: Record<string, string> = {};
  let stored: { key: string; size: number; name: string } | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: app.config.uploads.maxFileBytes },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const name = cleanFileName(file.filename);
      const saved = await app.storage.save('translated', file.file, app.config.uploads.maxFileBytes);
      stored = { key: saved.key, size: saved.size, name };
      if (file.file.truncated) throw new FileTooLargeError(app.config.uploads.maxFileBytes);
    }
  } catch (err) {
    if (stored) await app.storage.remove(stored.key);
    if (err instanceof FileTooLargeError) throw new AppError(413, 'errors.body_too_large');
    throw err;
  }
  const fail = async (errors: Record<string, string[]>) => {
    if (stored) await app.storage.remove(stored.key);
    return invalid(errors);
  };
  if (!stored || stored.size === 0) throw await fail({ file: ['validation.required'] });
  const sourceFileId = Number(fields.source_file_id);
  const languageId = Number(fields.language_id);
  const [source] = Number.isInteger(sourceFileId)
    ? await app.db
        .select()
        .from(sourceFiles)
        .where(and(eq(sourceFiles.id, sourceFileId), eq(sourceFiles.task_id, taskId)))
    : [];
  const [target] = Number.isInteger(languageId)
    ? await app.db
        .select()
        .from(taskTargetLanguages)
        .where(and(eq(taskTargetLanguages.task_id, taskId), eq(taskTargetLanguages.language_id, languageId)))
    : [];
  const errors: Record<string, string[]> = {};
  if (!source) errors.source_file_id = ['validation.invalid_option'];
  if (!target) errors.language_id = ['validation.invalid_option'];
  if (Object.keys(errors).length) throw await fail(errors);

  const previous = await app.db
    .select()
    .from(translatedFiles)
    .where(
      and(eq(translatedFiles.source_file_id, sourceFileId), eq(translatedFiles.language_id, languageId)),
    );
  const [row] = await app.db.transaction(async (tx) => {
    if (previous.length)
      await tx
        .delete(translatedFiles)
        .where(
          and(eq(translatedFiles.source_file_id, sourceFileId), eq(translatedFiles.language_id, languageId)),
        );
    return tx
      .insert(translatedFiles)
      .values({
        task_id: taskId,
        source_file_id: sourceFileId,
        language_id: languageId,
        file_name: stored.name,
        file_path: stored.key,
        size: stored.size,
        uploaded_by: request.user?.id ?? null,
      })
      .returning();
  });
  await Promise.all(previous.map((p) => app.storage.remove(p.file_path)));
  const learned =
    task.customer_id && BILINGUAL_FILE.test(stored.name)
      ? await feedMemory(app, task.customer_id, task.source_language_id, languageId, stored)
      : 0;
  request.actionLog = {
    action: 'tasks.upload_translation',
    description: `Task ${task.code}: delivered ${stored.name}${learned ? ` (${learned} units to the memory)` : ''}`,
    customerId: task.customer_id,
  };
  return { ...row, tm_units_added: learned };
}

/** The translation units of a delivered bilingual file, in file order. */
function bilingualUnits(
  app: FastifyInstance,
  file: { key: string; name: string },
  sourceLanguage: string,
  targetLanguage: string,
): AsyncIterable<TmUnit> {
  const input = app.storage.open(file.key);
  return /\.tmx$/i.test(file.name)
    ? readTmx(input, { sourceLanguage, targetLanguage })
    : readXliffPairs(input, { sourceLanguage, targetLanguage });
}

/**
 * A delivered bilingual file (TMX or XLIFF) feeds the customer's memory, so the next quote of the
 * same text matches. A file the reader stops on is still delivered; the memory keeps what came before.
 */
async function feedMemory(
  app: FastifyInstance,
  customerId: number,
  sourceId: number,
  targetId: number,
  file: { key: string; name: string },
): Promise<number> {
  const langs = await app.db.select().from(languages);
  const sourceIso = langs.find((l) => l.id === sourceId)?.iso_code;
  const targetIso = langs.find((l) => l.id === targetId)?.iso_code;
  if (!sourceIso || !targetIso) return 0;
  let batch: Array<typeof tmUnits.$inferInsert> = [];
  let added = 0;
  try {
    for await (const unit of bilingualUnits(app, file, sourceIso, targetIso)) {
      if (!unit.target) continue;
      batch.push({
        customer_id: customerId,
        source_lang: sourceIso,
        target_lang: targetIso,
        source_text: unit.source,
        target_text: unit.target,
        source_hash: contextHash(unit.source),
        prev_hash: unit.prevHash ?? null,
        next_hash: unit.nextHash ?? null,
      });
      if (batch.length >= TM_BATCH) {
        await app.db.insert(tmUnits).values(batch);
        added += batch.length;
        batch = [];
      }
    }
    if (batch.length) await app.db.insert(tmUnits).values(batch);
    added += batch.length;
  } catch (err) {
    app.log.warn({ err, file: file.name }, 'a delivered bilingual file could not feed the memory');
  }
  return added;
}

async function visibleTranslation(
  app: FastifyInstance,
  request: FastifyRequest,
  taskId: number,
  fileId: number,
) {
  await visibleTask(app, request, taskId);
  const [file] = await app.db
    .select()
    .from(translatedFiles)
    .where(and(eq(translatedFiles.id, fileId), eq(translatedFiles.task_id, taskId)));
  if (!file) throw notFound();
  return file;
}

export async function removeTranslatedFile(
  app: FastifyInstance,
  request: FastifyRequest,
  taskId: number,
  fileId: number,
) {
  const file = await visibleTranslation(app, request, taskId, fileId);
  await app.db.delete(translatedFiles).where(eq(translatedFiles.id, fileId));
  await app.storage.remove(file.file_path);
  request.actionLog = {
    action: 'tasks.remove_translation',
    description: `Removed delivered file ${file.file_name}`,
  };
  return { deleted: true };
}

export const translationForDownload = visibleTranslation;

/** All translations of a task as one zip, one folder per target language. */
export async function translationsZip(app: FastifyInstance, request: FastifyRequest, taskId: number) {
  const task = await visibleTask(app, request, taskId);
  const files = await app.db
    .select({ name: translatedFiles.file_name, key: translatedFiles.file_path, iso: languages.iso_code })
    .from(translatedFiles)
    .innerJoin(languages, eq(languages.id, translatedFiles.language_id))
    .where(eq(translatedFiles.task_id, taskId))
    .orderBy(languages.iso_code, translatedFiles.file_name);
  if (!files.length) throw notFound();
  const zip = archiver('zip', { zlib: { level: 6 } });
  for (const f of files) zip.append(app.storage.open(f.key), { name: `${f.iso}/${f.name}` });
  void zip.finalize();
  request.actionLog = {
    action: 'tasks.download_translations',
    description: `Downloaded the translations of task ${task.code}`,
  };
  return { code: task.code, stream: zip };
}
