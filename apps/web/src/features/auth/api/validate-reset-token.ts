import { useQuery } from '@tanstack/react-query';
import type { ResetTokenValidDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';

export const validateResetToken = (token: string, email: string | null) =>
  api.post<ResetTokenValidDto>(
    '/auth/password/validate',
    { token, ...(email ? { email } : {}), lang: i18next.language },
    // An invalid token answers 422: the page shows the server's message instead of a modal.
    { handles: [422] },
  );

export const useValidateResetToken = (token: string, email: string | null) =>
  useQuery({
    queryKey: ['password-reset-token', token, email],
    queryFn: () => validateResetToken(token, email),
    retry: false,
    staleTime: Infinity,
  });
