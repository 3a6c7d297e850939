import { queryOptions, useQuery } from '@tanstack/react-query';
import type { departmentsReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getMyDepartments = () => api.get<typeof departmentsReply>('/users/departments');

/** Under the users' root: a change to users or departments reloads it. */
export const getMyDepartmentsQueryOptions = () =>
  queryOptions({ queryKey: [...QUERY_ROOTS.users, 'departments'], queryFn: getMyDepartments });

export const useMyDepartments = (enabled = true) => useQuery({ ...getMyDepartmentsQueryOptions(), enabled });
