import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteOutcomeDto,
  Locale,
  Paginated,
  Role,
  UserDetailDto,
  UserListRowDto,
} from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type UserRow = UserListRowDto;
export type UserDetail = UserDetailDto;

export interface UserWrite {
  name: string;
  lastname: string;
  email: string;
  phone: string | null;
  type: Role;
  language: Locale;
  customer_id?: number | null;
  departments: number[];
  bonus: string | null;
  is_active?: boolean;
  from_customer?: boolean;
}

export const userKeys = {
  all: ['users'] as const,
  list: (q: object) => ['users', 'list', q] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const listUsers = (q: { page: number; per_page: number; search?: string; customer_id?: number }) =>
  api.get<Paginated<UserRow>>('/users', { query: { ...q, search: q.search || undefined } });

export const useUsers = (q: { page: number; search: string }) =>
  useQuery({
    queryKey: userKeys.list(q),
    queryFn: () => listUsers({ ...q, per_page: 10 }),
    placeholderData: keepPreviousData,
  });

/** Up to 100 users of the caller's scope, e.g. the client users a department can hold. */
export const useAllUsers = (enabled = true) =>
  useQuery({
    queryKey: userKeys.list({ all: true }),
    queryFn: () => listUsers({ page: 1, per_page: 100 }),
    enabled,
  });

export const getUser = (id: number) => api.get<UserDetail>(`/users/${id}`);
export const useUser = (id: number) =>
  useQuery({ queryKey: userKeys.detail(id), queryFn: () => getUser(id), enabled: id > 0 });

const invalidate = (client: ReturnType<typeof useQueryClient>) => {
  void client.invalidateQueries({ queryKey: userKeys.all });
  void client.invalidateQueries({ queryKey: ['customers'] });
  void client.invalidateQueries({ queryKey: ['departments'] });
};

export const useCreateUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserWrite) => api.post<UserDetail>('/users/store', body, { handles: [422] }),
    onSuccess: () => invalidate(client),
  });
};

export const useUpdateUser = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserWrite) => api.put<UserDetail>(`/users/${id}`, body, { handles: [422] }),
    onSuccess: () => invalidate(client),
  });
};

export const useDeleteUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeleteOutcomeDto>(`/users/${id}`, { handles: [422] }),
    onSuccess: () => invalidate(client),
  });
};
