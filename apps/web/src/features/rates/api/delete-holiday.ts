import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { holidayDeletedDto, HolidayDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const deleteHoliday = (holiday: Pick<HolidayDto, 'date' | 'region'>) =>
  api.delete<typeof holidayDeletedDto>(`/holidays/${holiday.date}/${encodeURIComponent(holiday.region)}`);

export const useDeleteHoliday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteHoliday,
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.holidays }),
  });
};
