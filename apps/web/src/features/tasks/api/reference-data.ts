import { useQuery } from '@tanstack/react-query';
import type { TargetPrice } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Language, TranslationType } from './types.ts';

const HOUR = 60 * 60 * 1000;

export const useSourceLanguages = () =>
  useQuery({
    queryKey: ['languages', 'sources'],
    queryFn: () => api.get<Language[]>('/languages/sources'),
    staleTime: HOUR,
  });

export const useTargetLanguages = () =>
  useQuery({
    queryKey: ['languages', 'available'],
    queryFn: () => api.get<Language[]>('/languages/available'),
    staleTime: HOUR,
  });

/** The price per word of each priced target from a source, for the order form (others: price on request). */
export const useTargetPrices = (sourceId: string | null, typeId: string | null) =>
  useQuery({
    queryKey: ['tasks', 'target-prices', sourceId, typeId],
    queryFn: () =>
      api.get<TargetPrice[]>('/tasks/target-prices', {
        query: { source_language: sourceId || undefined, translation_type: typeId || undefined },
      }),
    enabled: Boolean(sourceId),
    staleTime: 60 * 1000,
  });

export const useTranslationTypes = () =>
  useQuery({
    queryKey: ['translation-types'],
    queryFn: () => api.get<TranslationType[]>('/translation-types'),
    staleTime: HOUR,
  });

export const useMyDepartments = (enabled = true) =>
  useQuery({
    queryKey: ['users', 'departments'],
    queryFn: () => api.get<{ departments: { id: number; title: string }[] }>('/users/departments'),
    enabled,
  });

export const useCustomerOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['customers', 'options'],
    queryFn: () =>
      api.get<{ data: { id: number; name: string }[] }>('/customers', { query: { per_page: 100 } }),
    enabled,
    staleTime: HOUR,
  });
