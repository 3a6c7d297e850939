import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemoryCountDto, MemoryPairDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type MemoryPair = MemoryPairDto;
export type MemoryCount = MemoryCountDto;

export const memoryKeys = {
  customer: (id: number) => ['memories', 'customer', id] as const,
  company: ['memories', 'company'] as const,
};

export const importPath = (customerId: number) => `/customers/${customerId}/memories`;
export const pairPath = (customerId: number, pair: { source_lang: string; target_lang: string }) =>
  `/customers/${customerId}/memories/${encodeURIComponent(pair.source_lang)}/${encodeURIComponent(pair.target_lang)}`;

export const useCustomerMemories = (customerId: number) =>
  useQuery({
    queryKey: memoryKeys.customer(customerId),
    queryFn: () => api.get<MemoryPair[]>(importPath(customerId)),
    enabled: customerId > 0,
  });

export const useCompanyMemories = (enabled: boolean) =>
  useQuery({
    queryKey: memoryKeys.company,
    queryFn: () => api.get<MemoryCount[]>('/company/memories'),
    enabled,
  });

export const useDeleteMemory = (customerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pair: MemoryPair) =>
      api.delete<{ deleted: true; units: number }>(pairPath(customerId, pair)),
    onSettled: () => client.invalidateQueries({ queryKey: memoryKeys.customer(customerId) }),
  });
};
