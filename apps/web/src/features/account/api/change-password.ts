import { useMutation } from '@tanstack/react-query';
import type { MessageDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordInput {
  id: number;
  password: string;
  password_confirmation: string;
}

export const changePassword = (input: ChangePasswordInput) =>
  api.put<MessageDto>(`/users/${input.id}/changePassword`, input, { handles: [422] });

export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
