import { queryOptions, useQuery } from '@tanstack/react-query';
import type { departmentSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getDepartments = () => api.get<z.ZodArray<typeof departmentSchema>>('/departments');

export const getDepartmentsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_ROOTS.departments, queryFn: getDepartments });

export const useDepartments = (enabled = true) => useQuery({ ...getDepartmentsQueryOptions(), enabled });
