import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
/**
 * Whose thread: a task the signed-in user sees (by id), or the guest's task (by its link token).
 * Every call of this feature builds its path from it.
 */
export type ThreadSource = { kind: 'task'; taskId: number } | { kind: 'guest'; token: string };

export const threadPath = (source: ThreadSource): string =>
  source.kind === 'task'
    ? `/tasks/${source.taskId}/messages`
    : `/task/temporal/${encodeURIComponent(source.token)}/messages`;

export const threadKey = (source: ThreadSource) =>
  [...QUERY_ROOTS.messages, source.kind, source.kind === 'task' ? source.taskId : source.token] as const;
