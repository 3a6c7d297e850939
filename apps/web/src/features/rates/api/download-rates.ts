import { downloadFile } from '../../../lib/download.ts';
import type { RateOwner } from './rate-owner.ts';

/** A rate list as excel.xlsx. */
export const downloadRates = (owner: RateOwner) =>
  downloadFile(
    owner.kind === 'general' ? '/rates/excel' : `/customers/${owner.customerId}/excel/rate`,
    'excel.xlsx',
  );

/** The empty import template. */
export const downloadRatesTemplate = () => downloadFile('/rates/template', 'rates-template.xlsx');
