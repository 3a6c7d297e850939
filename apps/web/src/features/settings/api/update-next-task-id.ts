import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { nextTaskIdBody, nextTaskIdDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { getNextTaskIdQueryOptions } from './get-next-task-id.ts';

export const updateNextTaskId = (id: number) =>
  api.put<typeof nextTaskIdDto, typeof nextTaskIdBody>('/tasks/update-id', { id }, { handles: [422] });

export const useUpdateNextTaskId = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNextTaskId,
    onSuccess: () => client.invalidateQueries({ queryKey: getNextTaskIdQueryOptions().queryKey }),
  });
};
