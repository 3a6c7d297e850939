import { useMutation } from '@tanstack/react-query';
import type { invoiceDetailSchema, VoidInvoiceBody, voidInvoiceBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateInvoices } from './use-invalidate-invoices.ts';

export const voidInvoice = (id: number, body: VoidInvoiceBody) =>
  api.post<typeof invoiceDetailSchema, typeof voidInvoiceBody>(`/invoices/${id}/void`, body, {
    handles: [422],
  });

export const useVoidInvoice = (id: number) =>
  useMutation({
    mutationFn: (body: VoidInvoiceBody) => voidInvoice(id, body),
    onSuccess: useInvalidateInvoices(),
  });
