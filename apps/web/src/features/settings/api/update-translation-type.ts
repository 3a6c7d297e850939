import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { translationTypeBody, translationTypeReply } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** A translation type as the form checked it with the API's schema. */
export type TranslationTypeWrite = z.output<typeof translationTypeBody>;

export const updateTranslationType = (id: number, body: TranslationTypeWrite) =>
  api.put<DataOf<typeof translationTypeReply>, typeof translationTypeBody>(`/translation-types/${id}`, body, {
    handles: [422],
  });

export const useUpdateTranslationType = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationTypeWrite) => updateTranslationType(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.translationTypes }),
  });
};
