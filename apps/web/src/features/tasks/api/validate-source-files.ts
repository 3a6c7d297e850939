import type { sourceFilesValidatedBody, taskReplies } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

export const validateSourceFiles = ({ id, validated }: { id: number; validated: boolean }) =>
  api.put<DataOf<typeof taskReplies.sourceFilesValidated>, typeof sourceFilesValidatedBody>(
    `/tasks/${id}/updateSourceFilesValidated`,
    { source_files_validated: validated },
  );

export const useValidateSourceFilesMutation = () => useTaskAction(validateSourceFiles);
