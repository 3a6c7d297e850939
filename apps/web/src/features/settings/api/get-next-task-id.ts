import { queryOptions, useQuery } from '@tanstack/react-query';
import type { nextTaskIdDto } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const getNextTaskId = () => api.get<typeof nextTaskIdDto>('/tasks/get-id');

export const getNextTaskIdQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'next-task-id'], queryFn: getNextTaskId });

export const useNextTaskId = () => useQuery(getNextTaskIdQueryOptions());
