import { useMutation } from '@tanstack/react-query';
import type { changePasswordBody, messageReply } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type ChangePasswordInput = z.input<typeof changePasswordBody> & { id: number };

export const changePassword = (input: ChangePasswordInput) =>
  api.put<typeof messageReply, typeof changePasswordBody>(`/users/${input.id}/changePassword`, input, {
    handles: [422],
  });

export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
