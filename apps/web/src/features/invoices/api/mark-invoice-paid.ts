import { useMutation } from '@tanstack/react-query';
import type { invoiceDetailSchema, MarkInvoicePaidBody, markInvoicePaidBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateInvoices } from './use-invalidate-invoices.ts';

export const markInvoicePaid = (id: number, body: MarkInvoicePaidBody) =>
  api.put<typeof invoiceDetailSchema, typeof markInvoicePaidBody>(`/invoices/${id}/paid`, body, {
    handles: [422],
  });

export const useMarkInvoicePaid = (id: number) =>
  useMutation({
    mutationFn: (body: MarkInvoicePaidBody) => markInvoicePaid(id, body),
    onSuccess: useInvalidateInvoices(),
  });
