import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { userBody, userDetailSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

/** What the user form sends: its values as the API's own schema parsed them. */
export type UserWrite = z.output<typeof userBody>;

export const createUser = (body: UserWrite) =>
  api.post<typeof userDetailSchema, typeof userBody>('/users/store', body, { handles: [422] });

export const useCreateUser = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateUsers(client) });
};
