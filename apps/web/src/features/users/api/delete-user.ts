import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { deleteOutcomeSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

export const deleteUser = (id: number) =>
  api.delete<typeof deleteOutcomeSchema>(`/users/${id}`, { handles: [422] });

export const useDeleteUser = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidateUsers(client) });
};
