import { useQueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** Every change to an invoice also changes task tags and lists: refetch what shows them. */
export function useInvalidateInvoices() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: QUERY_ROOTS.invoices });
    void client.invalidateQueries({ queryKey: QUERY_ROOTS.tasks });
  };
}
