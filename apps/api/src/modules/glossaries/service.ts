import { Readable } from 'node:stream';
import {
  GLOSSARY_LIMITS,
  glossaryUploadFields,
  issueField,
  issueMessage,
  type GlossaryDto,
  type GlossaryExportFormat,
  type Locale,
} from '@verba/contracts';
import { AppError, invalid, notFound, type FieldMessages } from '../../lib/app-error.ts';
import { toPage, type PageRequest } from '../../lib/paging.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { openStored, removeUnreferenced } from '../../plugins/storage.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { renderGlossary } from './exports.ts';
import { GlossaryFileError, readGlossaryFile } from './glossary-file.ts';
import type { GlossaryLanguage } from './header.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';
import type { GlossaryUpload } from './upload.ts';

export type { GlossaryUpload } from './upload.ts';

const nameIn = (locale: Locale) => (language: GlossaryLanguage) => language[`name_${locale}`];

type Row = NonNullable<Awaited<ReturnType<typeof repo.findGlossary>>>;

function toDto(row: Row, languages: GlossaryLanguage[], user: CurrentUser, locale: Locale): GlossaryDto {
  const g = row.glossary;
  const byId = new Map(languages.map((l) => [l.id, l]));
  return {
    id: g.id,
    customer_id: g.customer_id,
    customer_name: row.customer_name,
    type: g.type === '2' ? '2' : '1',
    name: g.file_name,
    languages: g.languages.flatMap((id) => {
      const l = byId.get(id);
      return l ? [{ id, iso_code: l.iso_code, name: nameIn(locale)(l) }] : [];
    }),
    term_count: g.term_count,
    file_size: g.file_size,
    uploaded_by:
      g.uploaded_by !== null && row.uploader_name !== null
        ? { id: g.uploaded_by, name: row.uploader_name, lastname: row.uploader_lastname ?? '' }
        : null,
    created_at: g.created_at.toISOString(),
    can_delete: policy.can(user, 'delete', g),
  };
}

function fieldErrors(error: { issues: Parameters<typeof issueField>[0][] }): FieldMessages {
  const errors: FieldMessages = {};
  for (const issue of error.issues) {
    const { key, values } = issueMessage(issue);
    (errors[issueField(issue)] ??= []).push(values ? { key, values } : key);
  }
  return errors;
}

/** A client's CSV becomes a glossary of its customer: checked whole, then stored with its terms. */
export async function createGlossary(
  deps: Deps,
  actor: Actor,
  upload: GlossaryUpload,
): Promise<Outcome<GlossaryDto>> {
  const parsed = glossaryUploadFields.safeParse(upload.fields);
  const customerId = parsed.success ? parsed.data.customer_id : Number(upload.fields.customer_id);
  if (Number.isInteger(customerId) && customerId > 0)
    policy.assertCan(actor.user, 'upload', { customer_id: customerId });
  const errors: FieldMessages = parsed.success ? {} : fieldErrors(parsed.error);
  if (!upload.file || upload.file.buffer.length === 0) (errors.file ??= []).push('glossaries.file_required');
  if (!parsed.success || !upload.file || errors.file) throw invalid(errors);
  const fields = parsed.data;

  const known = await repo.allLanguages(deps.db);
  const byId = new Map(known.map((l) => [l.id, l]));
  const wanted: Record<string, number[]> =
    fields.type === '1'
      ? { source_language: [fields.source_language!], target_language: [fields.target_language!] }
      : { languages: fields.languages };
  for (const [field, ids] of Object.entries(wanted))
    if (ids.some((id) => !byId.has(id)))
      (errors[field] ??= []).push('validation.glossaries.unknown_language');
  if (Object.keys(errors).length) throw invalid(errors);
  const chosen = Object.values(wanted)
    .flat()
    .map((id) => byId.get(id)!);

  if (upload.file.tooLarge)
    throw invalid({
      file: [{ key: 'glossaries.too_large', values: { max: GLOSSARY_LIMITS.maxBytes / 1048576 } }],
    });
  let read;
  try {
    read = readGlossaryFile(upload.file.buffer, {
      type: fields.type,
      languages: chosen,
      known,
      languageName: nameIn(actor.locale),
    });
  } catch (err) {
    if (err instanceof GlossaryFileError)
      throw new AppError(422, err.headline, { fields: { file: err.messages } });
    throw err;
  }

  const fileName = cleanName(upload.file.filename);
  const stored = await deps.storage.save(
    'glossaries',
    Readable.from([upload.file.buffer]),
    GLOSSARY_LIMITS.maxBytes,
  );
  let created;
  try {
    created = await repo.insertGlossary(
      deps.db,
      {
        customer_id: customerId,
        type: fields.type,
        source_language_id: fields.type === '1' ? read.languageIds[0] : null,
        target_language_id: fields.type === '1' ? read.languageIds[1] : null,
        languages: read.languageIds,
        file_name: fileName,
        file_path: stored.key,
        file_size: stored.size,
        term_count: read.rows.length,
        uploaded_by: actor.user.id,
      },
      read.rows,
    );
  } catch (err) {
    await deps.storage.remove(stored.key);
    throw err;
  }
  const row = await repo.findGlossary(deps.db, created.id);
  if (!row) throw notFound();
  return outcome(toDto(row, known, actor.user, actor.locale), {
    action: 'glossaries.create',
    key: 'glossaries.uploaded',
    params: { file: fileName, type: fields.type, terms: read.rows.length },
    customerId,
  });
}

/** A name safe to show and to send back in a header: no folders, no control characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'glossary.csv';
}

export async function listGlossaries(
  deps: Deps,
  actor: Actor,
  query: PageRequest & { customer_id?: number; language?: number },
) {
  const customerId = policy.listScope(actor.user, query.customer_id);
  const { rows, total } = await repo.listGlossaries(
    deps.db,
    { customerId, languageId: query.language },
    query,
  );
  const known = await repo.allLanguages(deps.db);
  return toPage(
    rows.map((r) => toDto(r, known, actor.user, actor.locale)),
    total,
    query,
  );
}

async function visibleGlossary(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findGlossary(deps.db, id);
  if (!row) throw notFound();
  policy.assertCan(actor.user, 'view', row.glossary);
  return row;
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'glossary';

/** The glossary as uploaded, or its terms as a normalised CSV or as TBX-Basic. */
export async function downloadGlossary(deps: Deps, actor: Actor, id: number, format: GlossaryExportFormat) {
  const row = await visibleGlossary(deps, actor, id);
  const g = row.glossary;
  if (format === 'original')
    return {
      fileName: g.file_name,
      contentType: 'text/csv',
      stream: await openStored(deps.storage, g.file_path),
    };
  const known = await repo.allLanguages(deps.db);
  const iso = new Map(known.map((l) => [l.id, l.iso_code]));
  const glossary = {
    id: g.id,
    name: baseName(g.file_name),
    type: g.type === '2' ? ('2' as const) : ('1' as const),
    languages: g.languages.map((lid) => iso.get(lid) ?? 'und'),
  };
  const stream = Readable.from(renderGlossary(format, glossary, repo.termBatches(deps.db, g.id)));
  return format === 'csv'
    ? { fileName: `${glossary.name}-normalised.csv`, contentType: 'text/csv; charset=utf-8', stream }
    : { fileName: `${glossary.name}.tbx`, contentType: 'application/x-tbx+xml; charset=utf-8', stream };
}

export async function deleteGlossary(deps: Deps, actor: Actor, id: number) {
  const row = await visibleGlossary(deps, actor, id);
  policy.assertCan(actor.user, 'delete', row.glossary);
  await repo.deleteGlossary(deps.db, id);
  await removeUnreferenced(deps.storage, deps.log, [row.glossary.file_path]);
  return outcome(
    { deleted: true as const, message: actor.t('glossaries.deleted') },
    {
      action: 'glossaries.delete',
      key: 'glossaries.deleted',
      params: { file: row.glossary.file_name },
      customerId: row.glossary.customer_id,
    },
  );
}
