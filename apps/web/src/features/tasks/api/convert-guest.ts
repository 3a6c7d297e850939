import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { convertGuestBody, ConvertGuestInput, convertGuestReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** The admin turns a guest's request into a customer with its client admin. */
export const convertGuest = (taskId: number, body: ConvertGuestInput) =>
  api.post<DataOf<typeof convertGuestReply>, typeof convertGuestBody>(
    `/tasks/${taskId}/guest-customer`,
    body,
    {
      handles: [422],
    },
  );

export const useConvertGuest = (taskId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertGuestInput) => convertGuest(taskId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.tasks }),
  });
};
