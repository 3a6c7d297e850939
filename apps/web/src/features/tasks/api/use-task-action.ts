import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** A task action: the call, then every task query refreshed (lists, details, prices). */
export function useTaskAction<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.tasks }),
  });
}
