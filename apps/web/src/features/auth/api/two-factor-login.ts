import { useMutation } from '@tanstack/react-query';
import type { loginResponseSchema, twoFactorLoginBody } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const twoFactorLogin = (input: z.input<typeof twoFactorLoginBody>) =>
  api.post<typeof loginResponseSchema, typeof twoFactorLoginBody>('/auth/two-factor', input, {
    handles: [422],
  });

export const useTwoFactorLoginMutation = () => useMutation({ mutationFn: twoFactorLogin });
