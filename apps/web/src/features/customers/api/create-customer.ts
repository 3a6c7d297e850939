import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { customerBody, customerDetailSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** What the customer form sends: its values as the API's own schema parsed them. */
export type CustomerWrite = z.output<typeof customerBody>;

export const createCustomer = (body: CustomerWrite) =>
  api.post<typeof customerDetailSchema, typeof customerBody>('/customers/store', body, { handles: [422] });

export const useCreateCustomer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.customers }),
  });
};
