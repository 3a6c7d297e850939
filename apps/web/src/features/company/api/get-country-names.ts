import { queryOptions, useQuery } from '@tanstack/react-query';
import type { countryListReply, Locale } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';

export const getCountryNames = () => api.get<DataOf<typeof countryListReply>>('/countries');

/** The country list in the reader's language (`GET /countries` names them in the request's language). */
export const getCountryNamesQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: ['countries', locale], queryFn: getCountryNames, staleTime: Infinity });

export const useCountryNames = (locale: Locale) => useQuery(getCountryNamesQueryOptions(locale));
