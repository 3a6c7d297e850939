/** The log's filters as the screen holds them (`''`: any). */
export interface ActionLogFilters {
  action: string;
  email: string;
  start_date: string;
  end_date: string;
}

/** The filters as the query of `GET /action-logs` and its export (empty ones left out). */
export const filterQuery = (filters: ActionLogFilters) => ({
  action: filters.action || undefined,
  email: filters.email || undefined,
  start_date: filters.start_date || undefined,
  end_date: filters.end_date || undefined,
});
