import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { customerDetailSchema, customerEditBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import type { CustomerWrite } from './create-customer.ts';

export const updateCustomer = (id: number, body: CustomerWrite) =>
  api.put<typeof customerDetailSchema, typeof customerEditBody>(`/customers/${id}`, body, { handles: [422] });

export const useUpdateCustomer = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerWrite) => updateCustomer(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.customers }),
  });
};
