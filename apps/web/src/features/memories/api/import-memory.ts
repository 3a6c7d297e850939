import type { memoryImportReply } from '@verba/contracts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';

/** `POST /customers/{id}/memories` (multipart TMX, with upload progress); 422 and 413 are the screen's. */
export const importMemory = (
  customerId: number,
  input: { source_language: string | null; target_language: string | null; file: File },
  onProgress: (loaded: number, total: number) => void,
) =>
  uploadRequest<typeof memoryImportReply>(`/customers/${customerId}/memories`, buildFormData(input), {
    handles: [413, 422],
    onProgress,
  });
