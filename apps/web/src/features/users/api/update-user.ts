import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { userBody, userDetailSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import type { UserWrite } from './create-user.ts';
import { invalidateUsers } from './invalidate-users.ts';

export const updateUser = (id: number, body: UserWrite) =>
  api.put<typeof userDetailSchema, typeof userBody>(`/users/${id}`, body, { handles: [422] });

export const useUpdateUser = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserWrite) => updateUser(id, body),
    onSuccess: () => invalidateUsers(client),
  });
};
