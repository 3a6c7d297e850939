import type { StaffTarget, taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

const STATUS_ENDPOINTS: Record<StaffTarget, string> = {
  TEMPORAL: 'updateStateAsTemporal',
  DEFERRED: 'updateStateAsDeferred',
  APPROVED: 'updateStateAsApproved',
  IN_COURSE: 'updateStateAsIncourse',
  DONE: 'updateStateAsDone',
};

/** Staff move a task to a state of their choice (the status screen). */
export const changeStatus = ({ id, state }: { id: number; state: StaffTarget }) =>
  api.post<DataOf<typeof taskReplies.state>>(`/tasks/${id}/${STATUS_ENDPOINTS[state]}`, undefined, {
    handles: [422],
  });

export const useChangeStatusMutation = () => useTaskAction(changeStatus);
