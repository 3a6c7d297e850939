import { useMutation } from '@tanstack/react-query';
import type { invoiceDetailSchema, RectifyInvoiceBody, rectifyInvoiceBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateInvoices } from './use-invalidate-invoices.ts';

export const rectifyInvoice = (id: number, body: RectifyInvoiceBody) =>
  api.post<typeof invoiceDetailSchema, typeof rectifyInvoiceBody>(`/invoices/${id}/rectify`, body, {
    handles: [422],
  });

export const useRectifyInvoice = (id: number) =>
  useMutation({
    mutationFn: (body: RectifyInvoiceBody) => rectifyInvoice(id, body),
    onSuccess: useInvalidateInvoices(),
  });
