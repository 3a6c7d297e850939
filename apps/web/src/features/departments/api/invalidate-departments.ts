import type { QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** A department change also shows in the users' lists and forms. */
export const invalidateDepartments = (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: QUERY_ROOTS.departments });
  void client.invalidateQueries({ queryKey: QUERY_ROOTS.users });
};
