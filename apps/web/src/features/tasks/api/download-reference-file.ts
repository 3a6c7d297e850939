import { downloadFile } from '../../../lib/download.ts';

/** A reference file of the task, under its own name. */
export const downloadReferenceFile = (taskId: number, file: { id: number; file_name: string }) =>
  downloadFile(`/task/${taskId}/reference-files/${file.id}`, file.file_name);
