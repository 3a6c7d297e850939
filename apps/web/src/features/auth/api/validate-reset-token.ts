import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale, passwordValidateBody, resetTokenValidReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';

export const validateResetToken = (token: string, email: string | null) =>
  api.post<typeof resetTokenValidReply, typeof passwordValidateBody>(
    '/auth/password/validate',
    { token, ...(email ? { email } : {}), lang: i18next.language as Locale },
    // An invalid token answers 422: the page shows the server's message instead of a modal.
    { handles: [422] },
  );

export const getValidateResetTokenQueryOptions = (token: string, email: string | null) =>
  queryOptions({
    queryKey: ['password-reset-token', token, email],
    queryFn: () => validateResetToken(token, email),
    retry: false,
    staleTime: Infinity,
  });

export const useValidateResetToken = (token: string, email: string | null) =>
  useQuery(getValidateResetTokenQueryOptions(token, email));
