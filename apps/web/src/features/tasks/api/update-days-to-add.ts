import type { daysToAddBody, taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const updateDaysToAdd = ({ id, days }: { id: number; days: number }) =>
  api.put<DataOf<typeof taskReplies.daysToAdd>, typeof daysToAddBody>(
    `/tasks/${id}/updateDaysToAdd`,
    { days_to_add: days },
    { handles: [422] },
  );

export const useDaysToAddMutation = () => useTaskAction(updateDaysToAdd);
