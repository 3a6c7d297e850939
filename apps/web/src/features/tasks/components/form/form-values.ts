import type { TaskFormValues } from '../../api/save-task.ts';
import type { TranslationTypeDto as TranslationType } from '@verba/contracts';
import type { TaskDetail } from '../../api/types.ts';
import type { FieldErrors } from '../../../../components/form-errors.ts';

const DEFAULT_TRANSLATION_TYPE = 4;

/** What every section of the task form receives: the values, their errors, and a setter. */
export interface FormSectionProps {
  values: TaskFormValues;
  errors: FieldErrors;
  set: <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => void;
}

/** Default type 4 when it exists, else the first; the list shows in reverse order (spec part 2 §9). */
export function orderTranslationTypes<T extends Pick<TranslationType, 'id'>>(types: readonly T[]) {
  const ordered = [...types].reverse();
  const fallback = types.find((type) => type.id === DEFAULT_TRANSLATION_TYPE) ?? types[0];
  return { ordered, defaultId: fallback ? String(fallback.id) : null };
}

export function initialValues(task?: TaskDetail): TaskFormValues {
  return {
    description: task?.description ?? '',
    department: task?.department ? String(task.department.id) : null,
    source_language: task ? String(task.source_language.id) : null,
    target_languages: task?.target_languages.map((target) => String(target.target_language_id)) ?? [],
    translation_type: task ? String(task.translation_type.id) : null,
    review: task?.review ?? false,
    custom_quote: task?.custom_quote ?? false,
    comments: task?.comments ?? '',
    po_number: task?.po_number ?? '',
    client_reference: task?.client_reference ?? '',
    requested_date: task?.requested_date ?? '',
  };
}

/**
 * "Order again": the languages, service level, department and comments of an earlier task; never
 * its name, PO number, reference or source files (its reference files are offered apart).
 */
export function orderAgainValues(task: TaskDetail): TaskFormValues {
  return {
    ...initialValues(),
    department: task.department ? String(task.department.id) : null,
    source_language: String(task.source_language.id),
    target_languages: task.target_languages.map((target) => String(target.target_language_id)),
    translation_type: String(task.translation_type.id),
    review: task.review,
    comments: task.comments ?? '',
  };
}

/**
 * Whether the form still shows the draft's analysed files and languages: then each service level's total (priced by
 * the API for those counts) is what the task would cost. A new file, a removed one or another language needs a new
 * analysis first, so the cards fall back to the price per word.
 */
export function showsAnalysedTask(
  task: Pick<TaskDetail, 'state' | 'source_language' | 'target_languages' | 'source_files'> | undefined,
  values: Pick<TaskFormValues, 'source_language' | 'target_languages'>,
  keptFileIds: readonly number[],
  pendingFiles: number,
): boolean {
  if (!task || task.state !== 'DRAFT' || pendingFiles > 0 || !task.source_files.length) return false;
  if (values.source_language !== String(task.source_language.id)) return false;
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return (
    same(
      values.target_languages,
      task.target_languages.map((target) => String(target.target_language_id)),
    ) &&
    same(
      keptFileIds.map(String),
      task.source_files.map((file) => String(file.id)),
    )
  );
}
