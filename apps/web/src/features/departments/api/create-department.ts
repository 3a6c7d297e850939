import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { departmentBody, departmentSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invalidateDepartments } from './invalidate-departments.ts';

export type DepartmentWrite = z.output<typeof departmentBody>;

export const createDepartment = (body: DepartmentWrite) =>
  api.post<typeof departmentSchema, typeof departmentBody>('/departments/store', body, { handles: [422] });

export const useCreateDepartment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDepartment, onSuccess: () => invalidateDepartments(client) });
};
