import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export const login = (input: LoginInput) => api.post<LoginResponse>('/auth/login', input);

export const useLoginMutation = () => useMutation({ mutationFn: login });
