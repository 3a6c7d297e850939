import type { taskReplies } from '@verba/contracts';
import { type DataOf } from '../../../lib/api-client.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';
import { useTaskAction } from './use-task-action.ts';

export interface UploadTranslationInput {
  id: number;
  file: File;
  sourceFileId: number;
  languageId: number;
}

/** One translated file for one source file and language. */
export const uploadTranslation = ({ id, file, sourceFileId, languageId }: UploadTranslationInput) =>
  uploadRequest<DataOf<typeof taskReplies.delivered>>(
    `/tasks/${id}/uploadTranslatedFile`,
    buildFormData({ source_file_id: sourceFileId, language_id: languageId, file }),
  );

export const useUploadTranslationMutation = () => useTaskAction(uploadTranslation);
