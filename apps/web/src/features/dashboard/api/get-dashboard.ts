import { useQuery } from '@tanstack/react-query';
import type { ClientDashboardDto, StaffDashboardDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const getStaffDashboard = () => api.get<StaffDashboardDto>('/dashboard/staff');
export const getClientDashboard = () => api.get<ClientDashboardDto>('/dashboard/client');

/** Refreshed every minute while open: the due work and the analysis queue move during the day. */
export const useStaffDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'staff'],
    queryFn: getStaffDashboard,
    enabled,
    refetchInterval: 60_000,
  });

export const useClientDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'client'],
    queryFn: getClientDashboard,
    enabled,
    refetchInterval: 60_000,
  });
