import { useMutation } from '@tanstack/react-query';
import type { invoiceDetailSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateInvoices } from './use-invalidate-invoices.ts';

/** Replaces the AEAT record that was rejected (or, an alta, accepted with errors) by a subsanación record (queued). */
export const retryVerifactu = (id: number) =>
  api.post<typeof invoiceDetailSchema>(`/invoices/${id}/verifactu/retry`);

export const useRetryVerifactu = (id: number) =>
  useMutation({ mutationFn: () => retryVerifactu(id), onSuccess: useInvalidateInvoices() });
