import { queryOptions, useQuery } from '@tanstack/react-query';
import type { userSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** My company comes with the signed-in user (`GET /auth/me`, `user.customer`). */
export const getCompany = async () => (await api.get<typeof userSchema>('/auth/me')).customer;

export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: ['company', 'mine'], queryFn: getCompany });

export const useCompany = () => useQuery(getCompanyQueryOptions());
