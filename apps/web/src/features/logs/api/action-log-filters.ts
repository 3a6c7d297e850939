import type { actionLogFilters } from '@verba/contracts';
import type { z } from 'zod';

/** The log's filters as the screen holds them (`''`: any). */
export interface ActionLogFilters {
  action: string;
  email: string;
  start_date: string;
  end_date: string;
}

/** The filters as the query of `GET /action-logs` and its export (empty ones left out). */
export const filterQuery = (filters: ActionLogFilters): z.input<typeof actionLogFilters> => ({
  action: filters.action || undefined,
  email: filters.email || undefined,
  start_date: filters.start_date || undefined,
  end_date: filters.end_date || undefined,
});
