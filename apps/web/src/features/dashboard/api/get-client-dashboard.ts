import { queryOptions, useQuery } from '@tanstack/react-query';
import type { clientDashboardDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const getClientDashboard = () => api.get<typeof clientDashboardDto>('/dashboard/client');

/** Refreshed every minute while open, like the staff's. */
export const getClientDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'client'], queryFn: getClientDashboard, refetchInterval: 60_000 });

export const useClientDashboard = (enabled: boolean) =>
  useQuery({ ...getClientDashboardQueryOptions(), enabled });
