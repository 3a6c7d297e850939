import { downloadFile } from '../../../lib/download.ts';
import { filterQuery, type ActionLogFilters } from './action-log-filters.ts';

/** The filtered rows as a CSV file. */
export function downloadActionLogs(filters: ActionLogFilters) {
  const query = new URLSearchParams(
    Object.entries(filterQuery(filters)).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return downloadFile(`/action-logs/export${query ? `?${query}` : ''}`, 'action-logs.csv');
}
