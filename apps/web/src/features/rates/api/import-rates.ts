import type { rateImportDto } from '@verba/contracts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';
import type { RateOwner } from './rate-owner.ts';

/** `POST /rates/import` (general) or `POST /customers/{id}/rate` (an .xlsx or .xls, all or nothing). */
export const importRates = (owner: RateOwner, file: File) =>
  uploadRequest<typeof rateImportDto>(
    owner.kind === 'general' ? '/rates/import' : `/customers/${owner.customerId}/rate`,
    buildFormData({ file }),
    { handles: [413, 422] },
  );
