import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const reactivateTask = (id: number) =>
  api.post<DataOf<typeof taskReplies.state>>(`/tasks/${id}/updateStateAsDraft`);

export const useReactivateTaskMutation = () => useTaskAction(reactivateTask);
