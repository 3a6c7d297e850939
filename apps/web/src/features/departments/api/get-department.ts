import { queryOptions, useQuery } from '@tanstack/react-query';
import type { departmentSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getDepartment = (id: number) => api.get<typeof departmentSchema>(`/departments/${id}`);

export const getDepartmentQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.departments, 'detail', id], queryFn: () => getDepartment(id) });

export const useDepartment = (id: number) => useQuery({ ...getDepartmentQueryOptions(id), enabled: id > 0 });
