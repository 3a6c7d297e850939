import { queryOptions, useQuery } from '@tanstack/react-query';
import type { countryListReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';

const HOUR = 60 * 60 * 1000;

export const getCountries = () => api.get<DataOf<typeof countryListReply>>('/countries');

/** GET /countries (public: the form asks for the guest's country, which sets the taxes). */
export const getCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: HOUR });

export const useCountries = () => useQuery(getCountriesQueryOptions());
