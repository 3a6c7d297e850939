import type { taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const removeTranslation = ({ id, fileId }: { id: number; fileId: number }) =>
  api.delete<DataOf<typeof taskReplies.deleted>>(`/tasks/${id}/removeTranslatedFile/${fileId}`);

export const useRemoveTranslationMutation = () => useTaskAction(removeTranslation);
