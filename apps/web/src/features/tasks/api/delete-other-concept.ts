import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const deleteOtherConcept = (id: number) =>
  api.delete<DataOf<typeof taskReplies.deleted>>(`/other-concepts/${id}`);

export const useDeleteOtherConceptMutation = () => useTaskAction(deleteOtherConcept);
