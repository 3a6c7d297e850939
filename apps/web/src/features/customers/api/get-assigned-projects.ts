import { queryOptions, useQuery } from '@tanstack/react-query';
import type { idcpProjectReply, memoqProjectReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getMemoqProjectId = (id: number) =>
  api.get<typeof memoqProjectReply>(`/customers/${id}/MemoQProjectId`);
export const getIdcpProjectId = (id: number) => api.get<typeof idcpProjectReply>(`/customers/${id}/IDCP`);

/** Both assigned project ids, read fresh each time the modal opens. */
export const getAssignedProjectsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.customers, 'assigned-projects', id],
    queryFn: async () => {
      const [memoq, idcp] = await Promise.all([getMemoqProjectId(id), getIdcpProjectId(id)]);
      return { memoq_project_id: memoq ?? '', idcp_project_id: idcp?.idcp_project_id ?? '' };
    },
    gcTime: 0,
  });

export const useAssignedProjects = (id: number, enabled: boolean) =>
  useQuery({ ...getAssignedProjectsQueryOptions(id), enabled });
