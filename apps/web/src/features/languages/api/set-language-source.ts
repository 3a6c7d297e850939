import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { languageReply, languageSourceBody } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const setLanguageSource = ({ id, is_source }: { id: number; is_source: boolean }) =>
  api.put<DataOf<typeof languageReply>, typeof languageSourceBody>(`/languages/${id}/source`, { is_source });

/** Every language list reloads, the order form's source list too. */
export const useSetLanguageSource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLanguageSource,
    onSettled: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.languages }),
  });
};
