import { useMutation } from '@tanstack/react-query';
import type { Locale, messageReply, passwordEmailBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';

export const requestPasswordReset = (email: string) =>
  api.post<typeof messageReply, typeof passwordEmailBody>(
    '/auth/password/email',
    { email, lang: i18next.language as Locale },
    { handles: [422] },
  );

export const useRequestPasswordResetMutation = () => useMutation({ mutationFn: requestPasswordReset });
