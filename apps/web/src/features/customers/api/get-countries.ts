import { queryOptions, useQuery } from '@tanstack/react-query';
import type { countryListReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';

export const getCountries = () => api.get<DataOf<typeof countryListReply>>('/countries');

export const getCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity });

export const useCountries = () => useQuery(getCountriesQueryOptions());
