import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordInput {
  id: number;
  password: string;
  password_confirmation: string;
}

export const changePassword = (input: ChangePasswordInput) =>
  api.put<{ message: string }>(`/users/${input.id}/changePassword`, input, { handles: [422] });

export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
