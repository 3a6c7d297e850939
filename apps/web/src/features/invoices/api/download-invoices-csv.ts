import { downloadFile } from '../../../lib/download.ts';

export const downloadInvoicesCsv = (from: string, to: string) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const suffix = query.toString();
  return downloadFile(`/invoices/export${suffix ? `?${suffix}` : ''}`, 'invoices.csv');
};
