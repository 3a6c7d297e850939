import type { deliveryReplies } from '@verba/contracts';
import { type DataOf } from '../../../lib/api-client.ts';
import { uploadRequest } from '../../../lib/upload.ts';
import { deliveryBody, DELIVERY_HANDLES } from './delivery-body.ts';

/** POST tasks/{id}/uploadTranslatedFiles?preview=1: the proposed matches; nothing is stored. */
export const previewDelivery = (
  id: number,
  files: readonly File[],
  onProgress?: (loaded: number, total: number) => void,
) =>
  uploadRequest<DataOf<typeof deliveryReplies.preview>>(
    `/tasks/${id}/uploadTranslatedFiles?preview=1`,
    deliveryBody(files),
    { handles: DELIVERY_HANDLES, onProgress },
  );
