import type { TaskDetail } from '../api/types.ts';

/** The names of the task's target languages whose price is still to be confirmed (no rate). */
export function unpricedLanguageNames(task: TaskDetail): string[] {
  const ids = task.quote_readiness.unpriced_language_ids;
  return task.target_languages
    .filter((target) => ids.includes(target.target_language_id))
    .map((target) => target.target_language.name);
}
