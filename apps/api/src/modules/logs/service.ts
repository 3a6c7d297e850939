import type { Actor, Deps } from '../../lib/service.ts';
import { actionLabel, knownActions, renderLogDescription } from '../../lib/log-messages.ts';
import * as policy from './policy.ts';
import { toCsv } from '@verba/contracts';
import { formatDateTimeForCsv } from './csv-dates.ts';
import * as repo from './repository.ts';
import type { ActionLogFilters, ActionLogsQuery } from '@verba/contracts';

/** At most this many rows go into one CSV file; narrow the filters for older ones. */
export const EXPORT_LIMIT = 50_000;

/** A row as the reader sees it: the action named and the description in their language. */
function localised(actor: Actor, row: repo.ActionLogRow) {
  return {
    ...row,
    action_label: actionLabel(actor.locale, row.action),
    description: renderLogDescription(actor.locale, row.description_key, row.params) ?? row.description,
  };
}

/** Action logs, newest first, filtered and paged. */
export async function listActionLogs(deps: Pick<Deps, 'db'>, actor: Actor, query: ActionLogsQuery) {
  policy.assertCan(actor.user, 'view');
  const page = await repo.listActionLogs(deps.db, query);
  return { ...page, data: page.data.map((row) => localised(actor, row)) };
}

/** The actions a reader may filter by, named in their language, in alphabetical order. */
export function actionChoices(actor: Actor) {
  policy.assertCan(actor.user, 'view');
  const collator = new Intl.Collator(actor.locale);
  return knownActions()
    .map((action) => ({ action, label: actionLabel(actor.locale, action) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The filtered rows as CSV (UTF-8 with BOM, so spreadsheets read the accents), in the reader's language. */
export async function exportActionLogs(deps: Pick<Deps, 'db'>, actor: Actor, filters: ActionLogFilters) {
  policy.assertCan(actor.user, 'view');
  const rows = await repo.filteredActionLogs(deps.db, filters, EXPORT_LIMIT);
  const t = actor.t;
  const header = ['date', 'action', 'action_code', 'description', 'user', 'customer', 'ip'].map((c) =>
    t(`log.csv.${c}`),
  );
  const body = rows.map((row) => {
    const r = localised(actor, row);
    return [
      formatDateTimeForCsv(row.created_at),
      r.action_label,
      row.action,
      r.description,
      row.user_email ?? '',
      row.customer_name ?? '',
      row.ip ?? '',
    ];
  });
  return {
    filename: `action-logs-${formatDateTimeForCsv(new Date()).slice(0, 10)}.csv`,
    csv: toCsv([header, ...body]),
  };
}
