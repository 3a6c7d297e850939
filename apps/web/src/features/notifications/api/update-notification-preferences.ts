import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notificationPreferencesBody, notificationReplies } from '@verba/contracts';
import type { DataOf } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api-client.ts';
import { getNotificationPreferencesQueryOptions } from './get-notification-preferences.ts';

type Body = { preferences: Array<{ kind: string; channel: string }> };

export const updateNotificationPreferences = (body: Body) =>
  api.put<DataOf<typeof notificationReplies.preferences>, typeof notificationPreferencesBody>(
    '/notification-preferences',
    body as never,
  );

export const useUpdateNotificationPreferencesMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(getNotificationPreferencesQueryOptions().queryKey, data),
  });
};
