import { issueField, issueMessage, taskFormSchema, type TaskForm } from '@verba/contracts';
import { invalid, type FieldMessages } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/service.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { findCustomer } from '../customers/service.ts';
import { mayOrderFor } from '../departments/service.ts';
import * as repo from './repository.ts';
import type { ReceivedForm } from './upload.ts';

/** Validates the multipart fields with the shared schema plus the references only the server can check. */
export async function checkForm(
  deps: Deps,
  user: CurrentUser,
  form: ReceivedForm,
  keptCount: number,
): Promise<TaskForm> {
  const errors: FieldMessages = {};
  const parsed = taskFormSchema.safeParse(form.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { key, values } = issueMessage(issue);
      (errors[issueField(issue)] ??= []).push(values ? { key, values } : key);
    }
  }
  if (form.files.length + keptCount === 0) (errors.files ??= []).push('validation.required');
  if (!parsed.success) throw invalid(errors);
  const input = parsed.data;
  if (!(await mayOrderFor(deps, user, input.department))) errors.department = ['validation.invalid_option'];
  const langs = await repo.languagesByIds(deps.db, [input.source_language, ...input.target_languages]);
  const source = langs.find((l) => l.id === input.source_language);
  if (!source?.is_source) errors.source_language = ['validation.invalid_option'];
  const targets = new Set(input.target_languages);
  if (
    targets.size !== input.target_languages.length ||
    [...targets].some((id) => !langs.some((l) => l.id === id && l.is_active))
  ) {
    errors.target_languages = ['validation.invalid_option'];
  } else if (targets.has(input.source_language)) {
    errors.target_languages = ['tasks.target_is_source'];
  }
  const customer = user.customer_id ? await findCustomer(deps.db, user.customer_id) : undefined;
  if (!input.po_number && customer?.po_required) errors.po_number = ['tasks.po_required'];
  if (!(await repo.translationTypeExists(deps.db, input.translation_type)))
    errors.translation_type = ['validation.invalid_option'];
  if (Object.keys(errors).length) throw invalid(errors);
  return input;
}
