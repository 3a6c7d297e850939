import type { QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** A user change also shows in customers (their users) and departments (their members). */
export const invalidateUsers = (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: QUERY_ROOTS.users });
  void client.invalidateQueries({ queryKey: QUERY_ROOTS.customers });
  void client.invalidateQueries({ queryKey: QUERY_ROOTS.departments });
};
