import type { invoiceExportQuery } from '@verba/contracts';
import type { z } from 'zod';
import { downloadFile } from '../../../lib/download.ts';

export const downloadInvoicesCsv = (from: string, to: string) => {
  const params: z.input<typeof invoiceExportQuery> = { from: from || undefined, to: to || undefined };
  const query = new URLSearchParams();
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  const suffix = query.toString();
  return downloadFile(`/invoices/export${suffix ? `?${suffix}` : ''}`, 'invoices.csv');
};
