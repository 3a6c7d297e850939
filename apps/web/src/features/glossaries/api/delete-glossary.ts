import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { glossaryDeletedReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const deleteGlossary = (id: number) => api.delete<typeof glossaryDeletedReply>(`/glossaries/${id}`);

export const useDeleteGlossary = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossary,
    onSettled: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.glossaries }),
  });
};
