import { useMutation } from '@tanstack/react-query';
import type { Locale, messageReply, passwordResetBody } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';

export const resetPassword = (input: z.input<typeof passwordResetBody>) =>
  api.post<typeof messageReply, typeof passwordResetBody>(
    '/auth/password/reset',
    { ...input, lang: i18next.language as Locale },
    { handles: [422] },
  );

export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
