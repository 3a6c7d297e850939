import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface Holiday {
  date: string;
  region: string;
  name_en: string;
  name_es: string;
  name_ca: string;
}

export const useHolidays = (year: number) =>
  useQuery({
    queryKey: ['holidays', year],
    queryFn: () => api.get<Holiday[]>('/holidays', { query: { year } }),
    placeholderData: keepPreviousData,
  });

export const useAddHoliday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Holiday) => api.post<Holiday>('/holidays', body, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['holidays'] }),
  });
};

export const useDeleteHoliday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (holiday: Pick<Holiday, 'date' | 'region'>) =>
      api.delete<{ deleted: boolean }>(`/holidays/${holiday.date}/${encodeURIComponent(holiday.region)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['holidays'] }),
  });
};
