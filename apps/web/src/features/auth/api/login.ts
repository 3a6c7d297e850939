import { useMutation } from '@tanstack/react-query';
import { ERROR_CODES, type loginBody, type loginReplySchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The token (a wrong password is the form's to say, inline), or (second factor on) a challenge for `twoFactorLogin`. */
export const login = (input: z.input<typeof loginBody>) =>
  api.post<typeof loginReplySchema, typeof loginBody>('/auth/login', input, {
    handlesCodes: [ERROR_CODES.BAD_CREDENTIALS],
  });

export const useLoginMutation = () => useMutation({ mutationFn: login });
