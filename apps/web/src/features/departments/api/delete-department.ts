import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { departmentDeletedReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { invalidateDepartments } from './invalidate-departments.ts';

export const deleteDepartment = (id: number) =>
  api.delete<typeof departmentDeletedReply>(`/departments/${id}`, { handles: [422] });

/** A department with users is refused with 422: the caller shows why. */
export const useDeleteDepartment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteDepartment, onSuccess: () => invalidateDepartments(client) });
};
