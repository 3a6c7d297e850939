import { queryOptions, useQuery } from '@tanstack/react-query';
import type { notificationReplies } from '@verba/contracts';
import type { DataOf } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api-client.ts';

export const getNotificationPreferences = () =>
  api.get<DataOf<typeof notificationReplies.preferences>>('/notification-preferences');

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: ['notification-preferences'], queryFn: getNotificationPreferences });

export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions());
