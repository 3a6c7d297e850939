import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { holidayDto, holidaysQuery } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getHolidays = (year: number) =>
  api.get<z.ZodArray<typeof holidayDto>>('/holidays', {
    query: { year } satisfies z.input<typeof holidaysQuery>,
  });

export const getHolidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.holidays, year],
    queryFn: () => getHolidays(year),
    placeholderData: keepPreviousData,
  });

export const useHolidays = (year: number) => useQuery(getHolidaysQueryOptions(year));
