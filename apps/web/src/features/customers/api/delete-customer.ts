import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { deleteOutcomeSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const deleteCustomer = (id: number) => api.delete<typeof deleteOutcomeSchema>(`/customers/${id}`);

export const useDeleteCustomer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.customers }),
  });
};
