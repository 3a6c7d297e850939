import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAssignment, DeliveryBatchResult, DeliveryPreview } from '@verba/contracts';
import { uploadRequest } from '../../../lib/upload.ts';
import { TASKS_KEY } from './tasks-queries.ts';

/** The statuses the delivery screen shows itself (a refused zip, a wrong choice, too large). */
const HANDLED = [413, 422] as const;

function batchBody(files: readonly File[], assignments?: DeliveryAssignment[]): FormData {
  const body = new FormData();
  if (assignments) body.append('assignments', JSON.stringify(assignments));
  for (const file of files) body.append('files[]', file);
  return body;
}

/** POST tasks/{id}/uploadTranslatedFiles?preview=1: the proposed matches; nothing is stored. */
export const previewDelivery = (
  id: number,
  files: readonly File[],
  onProgress?: (loaded: number, total: number) => void,
) =>
  uploadRequest<DeliveryPreview>(`/tasks/${id}/uploadTranslatedFiles?preview=1`, batchBody(files), {
    handles: HANDLED,
    onProgress,
  });

/** POST tasks/{id}/uploadTranslatedFiles: stores the files as the PM confirmed them. */
export const useDeliverTranslationsMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      files,
      assignments,
      onProgress,
    }: {
      id: number;
      files: readonly File[];
      assignments: DeliveryAssignment[];
      onProgress?: (loaded: number, total: number) => void;
    }) =>
      uploadRequest<DeliveryBatchResult>(
        `/tasks/${id}/uploadTranslatedFiles`,
        batchBody(files, assignments),
        {
          handles: HANDLED,
          onProgress,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: TASKS_KEY }),
  });
};
