import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { rateEnabledDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** `POST /customers/{id}/rate/{rateId}` enables a general rate; `DELETE …/enable/rate/{rateId}` disables it. */
export const toggleRate = (customerId: number, rateId: number, enable: boolean) =>
  enable
    ? api.post<typeof rateEnabledDto>(`/customers/${customerId}/rate/${rateId}`)
    : api.delete<typeof rateEnabledDto>(`/customers/${customerId}/enable/rate/${rateId}`);

/** Enables or disables a general rate for a customer; both the enabled list and the rate lists reload. */
export const useToggleRate = (customerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rateId, enable }: { rateId: number; enable: boolean }) =>
      toggleRate(customerId, rateId, enable),
    onSettled: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.rates }),
  });
};
