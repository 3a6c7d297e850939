import type { Deps } from '../../lib/service.ts';
import { listActionLogs as listRows } from './repository.ts';
import type { ActionLogsQuery } from './schemas.ts';

/** Action logs, newest first, filtered and paged. */
export function listActionLogs(deps: Pick<Deps, 'db'>, query: ActionLogsQuery) {
  return listRows(deps.db, query);
}
