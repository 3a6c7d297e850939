import { useMutation } from '@tanstack/react-query';
import type { loginBody, loginReplySchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The token, or (second factor on) a challenge for `twoFactorLogin`. */
export const login = (input: z.input<typeof loginBody>) =>
  api.post<typeof loginReplySchema, typeof loginBody>('/auth/login', input);

export const useLoginMutation = () => useMutation({ mutationFn: login });
