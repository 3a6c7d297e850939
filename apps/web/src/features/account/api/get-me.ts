import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

export const getMe = async () => {
  const user = await api.get<UserDto>('/auth/me');
  useAuthStore.getState().setUser(user);
  return user;
};

export const useMe = () => useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
