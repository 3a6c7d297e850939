import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartmentDeletedDto, DepartmentDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export type Department = DepartmentDto;
export type DepartmentUser = DepartmentDto['users'][number];

export interface DepartmentWrite {
  title: string;
  users: number[];
}

export const departmentKeys = {
  all: ['departments'] as const,
  detail: (id: number) => ['departments', 'detail', id] as const,
};

export const getDepartments = () => api.get<Department[]>('/departments');
export const useDepartments = (enabled = true) =>
  useQuery({ queryKey: departmentKeys.all, queryFn: getDepartments, enabled });

export const getDepartment = (id: number) => api.get<Department>(`/departments/${id}`);
export const useDepartment = (id: number) =>
  useQuery({ queryKey: departmentKeys.detail(id), queryFn: () => getDepartment(id), enabled: id > 0 });

const invalidate = (client: ReturnType<typeof useQueryClient>) => {
  void client.invalidateQueries({ queryKey: departmentKeys.all });
  void client.invalidateQueries({ queryKey: ['users'] });
};

export const useCreateDepartment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentWrite) =>
      api.post<Department>('/departments/store', body, { handles: [422] }),
    onSuccess: () => invalidate(client),
  });
};

export const useUpdateDepartment = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentWrite) =>
      api.put<Department>(`/departments/${id}`, body, { handles: [422] }),
    onSuccess: () => invalidate(client),
  });
};

/** A department with users is refused with 422: the caller shows why. */
export const useDeleteDepartment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DepartmentDeletedDto>(`/departments/${id}`, { handles: [422] }),
    onSuccess: () => invalidate(client),
  });
};
