import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NextTaskIdDto, TranslationTypeDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const useNextTaskId = () =>
  useQuery({
    queryKey: ['settings', 'next-task-id'],
    queryFn: () => api.get<NextTaskIdDto>('/tasks/get-id'),
  });

export const useUpdateNextTaskId = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<NextTaskIdDto>('/tasks/update-id', { id }, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['settings', 'next-task-id'] }),
  });
};

export type TranslationType = TranslationTypeDto;

export type TranslationTypeWrite = Omit<
  TranslationType,
  'id' | 'name' | 'description' | 'description_2' | 'percent'
> & {
  percent: number;
};

export const useTranslationTypes = () =>
  useQuery({
    queryKey: ['translation-types'],
    queryFn: () => api.get<TranslationType[]>('/translation-types'),
  });

export const useUpdateTranslationType = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationTypeWrite) =>
      api.put<TranslationType>(`/translation-types/${id}`, body, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['translation-types'] }),
  });
};
