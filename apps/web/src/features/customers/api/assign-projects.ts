import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { assignProjectsBody, customerSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { getCustomerQueryOptions } from './get-customer.ts';

export const assignProjects = (id: number, body: z.output<typeof assignProjectsBody>) =>
  api.post<typeof customerSchema, typeof assignProjectsBody>(`/customers/${id}/assigns`, body, {
    handles: [422],
  });

export const useAssignProjects = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof assignProjectsBody>) => assignProjects(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: getCustomerQueryOptions(id).queryKey }),
  });
};
