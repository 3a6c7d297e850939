import { useMutation } from '@tanstack/react-query';
import type { MessageDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';

export interface ResetPasswordInput {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<MessageDto>('/auth/password/reset', { ...input, lang: i18next.language }, { handles: [422] });

export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
