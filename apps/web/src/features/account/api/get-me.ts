import { queryOptions, useQuery } from '@tanstack/react-query';
import type { userSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const getMe = async () => {
  const user = await api.get<typeof userSchema>('/auth/me');
  useAuthStore.getState().setUser(user);
  return user;
};

export const getMeQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe });

export const useMe = () => useQuery(getMeQueryOptions());
