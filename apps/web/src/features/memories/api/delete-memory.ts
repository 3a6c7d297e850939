import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { memoryDeletedReply, MemoryPairDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { getCustomerMemoriesQueryOptions } from './get-customer-memories.ts';
import { pairPath } from './pair-path.ts';

export const deleteMemory = (customerId: number, pair: MemoryPairDto) =>
  api.delete<typeof memoryDeletedReply>(pairPath(customerId, pair));

export const useDeleteMemory = (customerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pair: MemoryPairDto) => deleteMemory(customerId, pair),
    onSettled: () =>
      client.invalidateQueries({ queryKey: getCustomerMemoriesQueryOptions(customerId).queryKey }),
  });
};
