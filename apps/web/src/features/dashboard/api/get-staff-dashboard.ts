import { queryOptions, useQuery } from '@tanstack/react-query';
import type { staffDashboardDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const getStaffDashboard = () => api.get<typeof staffDashboardDto>('/dashboard/staff');

/** Refreshed every minute while open: the due work and the analysis queue move during the day. */
export const getStaffDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'staff'], queryFn: getStaffDashboard, refetchInterval: 60_000 });

export const useStaffDashboard = (enabled: boolean) =>
  useQuery({ ...getStaffDashboardQueryOptions(), enabled });
