import { downloadFile } from '../../../lib/download.ts';

export const downloadInvoicePdf = (invoice: { id: number; folio: string }) =>
  downloadFile(`/invoices/${invoice.id}/pdf`, `invoice-${invoice.folio}.pdf`);
