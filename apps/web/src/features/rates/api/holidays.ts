import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HolidayDeletedDto, HolidayDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type Holiday = HolidayDto;

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
      api.delete<HolidayDeletedDto>(`/holidays/${holiday.date}/${encodeURIComponent(holiday.region)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['holidays'] }),
  });
};
