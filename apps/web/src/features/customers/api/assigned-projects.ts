import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerDto, IdcpProjectDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './customers.ts';

export const getMemoqProjectId = (id: number) => api.get<string | null>(`/customers/${id}/MemoQProjectId`);
export const getIdcpProjectId = (id: number) => api.get<IdcpProjectDto>(`/customers/${id}/IDCP`);

/** Both assigned project ids, read fresh each time the modal opens. */
export const useAssignedProjects = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['customers', 'assigned-projects', id],
    queryFn: async () => {
      const [memoq, idcp] = await Promise.all([getMemoqProjectId(id), getIdcpProjectId(id)]);
      return { memoq_project_id: memoq ?? '', idcp_project_id: idcp?.idcp_project_id ?? '' };
    },
    enabled,
    gcTime: 0,
  });

export const useAssignProjects = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { memoq_project_id: string; idcp_project_id: string | null }) =>
      api.post<CustomerDto>(`/customers/${id}/assigns`, body, { handles: [422] }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.detail(id) }),
  });
};
