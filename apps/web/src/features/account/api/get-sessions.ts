import { queryOptions, useQuery } from '@tanstack/react-query';
import type { sessionListReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const getSessions = () => api.get<typeof sessionListReply>('/auth/sessions');

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
