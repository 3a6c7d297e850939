import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { holidayBody, holidayDto, HolidayDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const addHoliday = (body: HolidayDto) =>
  api.post<typeof holidayDto, typeof holidayBody>('/holidays', body, { handles: [422] });

export const useAddHoliday = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addHoliday,
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.holidays }),
  });
};
