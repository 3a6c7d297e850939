import type { DeliveryAssignment } from '@verba/contracts';

/** The statuses the delivery screen shows itself (a refused zip, a wrong choice, too large). */
export const DELIVERY_HANDLES = [413, 422] as const;

/** The multipart body of a bulk delivery: the PM's assignments (when confirming), then the files. */
export function deliveryBody(files: readonly File[], assignments?: DeliveryAssignment[]): FormData {
  const body = new FormData();
  if (assignments) body.append('assignments', JSON.stringify(assignments));
  for (const file of files) body.append('files[]', file);
  return body;
}
