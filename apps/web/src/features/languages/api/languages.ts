import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type Language = LanguageDto;

export const getLanguages = (isoCode: string) =>
  api.get<Language[]>('/languages', { query: { iso_code: isoCode || undefined } });

export const useLanguages = (isoCode: string) =>
  useQuery({
    queryKey: ['languages', isoCode],
    queryFn: () => getLanguages(isoCode),
    placeholderData: keepPreviousData,
  });

export const useSetLanguageSource = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_source }: { id: number; is_source: boolean }) =>
      api.put<Language>(`/languages/${id}/source`, { is_source }),
    onSettled: () => client.invalidateQueries({ queryKey: ['languages'] }),
  });
};
