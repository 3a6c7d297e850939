import { useMutation } from '@tanstack/react-query';
import type { loginBody, loginResponseSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const login = (input: z.input<typeof loginBody>) =>
  api.post<typeof loginResponseSchema, typeof loginBody>('/auth/login', input);

export const useLoginMutation = () => useMutation({ mutationFn: login });
