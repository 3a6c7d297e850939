import { queryOptions, useQuery } from '@tanstack/react-query';
import type { twoFactorStatusReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const getTwoFactor = () => api.get<typeof twoFactorStatusReply>('/auth/two-factor');

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'two-factor'], queryFn: getTwoFactor });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
