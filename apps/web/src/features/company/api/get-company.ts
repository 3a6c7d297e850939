import { useQuery } from '@tanstack/react-query';
import type { CompanyDto, UserDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** My company comes with the signed-in user (`GET /auth/me`, `user.customer`). */
export const getCompany = async (): Promise<CompanyDto | null> =>
  (await api.get<UserDto>('/auth/me')).customer;

export const useCompany = () => useQuery({ queryKey: ['company', 'mine'], queryFn: getCompany });
