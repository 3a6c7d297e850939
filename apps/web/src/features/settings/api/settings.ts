import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const useNextTaskId = () =>
  useQuery({
    queryKey: ['settings', 'next-task-id'],
    queryFn: () => api.get<{ id: number }>('/tasks/get-id'),
  });

export const useUpdateNextTaskId = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<{ id: number }>('/tasks/update-id', { id }, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['settings', 'next-task-id'] }),
  });
};

export interface TranslationType {
  id: number;
  percent: string;
  name: string;
  description: string;
  name_en: string;
  name_es: string;
  name_ca: string;
  description_en: string;
  description_es: string;
  description_ca: string;
  description_2_en: string | null;
  description_2_es: string | null;
  description_2_ca: string | null;
}

export type TranslationTypeWrite = Omit<TranslationType, 'id' | 'name' | 'description' | 'percent'> & {
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
