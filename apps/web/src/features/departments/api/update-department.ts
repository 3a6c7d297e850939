import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { departmentBody, departmentSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import type { DepartmentWrite } from './create-department.ts';
import { invalidateDepartments } from './invalidate-departments.ts';

export const updateDepartment = (id: number, body: DepartmentWrite) =>
  api.put<typeof departmentSchema, typeof departmentBody>(`/departments/${id}`, body, { handles: [422] });

export const useUpdateDepartment = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentWrite) => updateDepartment(id, body),
    onSuccess: () => invalidateDepartments(client),
  });
};
