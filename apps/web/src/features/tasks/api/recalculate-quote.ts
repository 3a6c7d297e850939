import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

/** Staff: the draft's quote priced again from today's rates. */
export const recalculateQuote = (id: number) =>
  api.post<DataOf<typeof taskReplies.recalculated>>(`/tasks/${id}/recalculate`, undefined, {
    handles: [422],
  });

export const useRecalculateQuoteMutation = () => useTaskAction(recalculateQuote);
