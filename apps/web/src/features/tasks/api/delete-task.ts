import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const deleteTask = (id: number) => api.delete<DataOf<typeof taskReplies.taskDeleted>>(`/task/${id}`);

export const useDeleteTaskMutation = () => useTaskAction(deleteTask);
