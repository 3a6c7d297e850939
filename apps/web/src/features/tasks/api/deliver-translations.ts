import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAssignment, deliveryReplies } from '@verba/contracts';
import { type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { uploadRequest } from '../../../lib/upload.ts';
import { deliveryBody, DELIVERY_HANDLES } from './delivery-body.ts';

export interface DeliverTranslationsInput {
  id: number;
  files: readonly File[];
  assignments: DeliveryAssignment[];
  onProgress?: (loaded: number, total: number) => void;
}

/** POST tasks/{id}/uploadTranslatedFiles: stores the files as the PM confirmed them. */
export const deliverTranslations = ({ id, files, assignments, onProgress }: DeliverTranslationsInput) =>
  uploadRequest<DataOf<typeof deliveryReplies.batch>>(
    `/tasks/${id}/uploadTranslatedFiles`,
    deliveryBody(files, assignments),
    { handles: DELIVERY_HANDLES, onProgress },
  );

export const useDeliverTranslationsMutation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deliverTranslations,
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.tasks }),
  });
};
