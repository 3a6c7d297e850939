import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceDetail,
  InvoiceDraft,
  InvoiceListRow,
  IssueInvoiceBody,
  MarkInvoicePaidBody,
  Paginated,
  RectifyInvoiceBody,
} from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

export type { InvoiceDetail, InvoiceDraft, InvoiceListRow };

export interface InvoiceFilters {
  customer_id: string;
  status: string;
  from: string;
  to: string;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filters: InvoiceFilters, page: number) => ['invoices', 'list', filters, page] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
  draft: (customerId: number) => ['invoices', 'draft', customerId] as const,
};

export const listInvoices = (filters: InvoiceFilters, page: number) =>
  api.get<Paginated<InvoiceListRow>>('/invoices', {
    query: {
      customer_id: filters.customer_id || undefined,
      status: filters.status || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page,
      per_page: 10,
    },
    handles: [422],
  });

export const useInvoices = (filters: InvoiceFilters, page: number) =>
  useQuery({
    queryKey: invoiceKeys.list(filters, page),
    queryFn: () => listInvoices(filters, page),
    placeholderData: keepPreviousData,
  });

export const useInvoice = (id: number) =>
  useQuery({ queryKey: invoiceKeys.detail(id), queryFn: () => api.get<InvoiceDetail>(`/invoices/${id}`) });

export const useInvoiceDraft = (customerId: number | null) =>
  useQuery({
    queryKey: invoiceKeys.draft(customerId ?? 0),
    queryFn: () => api.get<InvoiceDraft>('/invoices/draft', { query: { customer_id: customerId ?? 0 } }),
    enabled: customerId !== null,
  });

/** Every change to an invoice also changes task tags and lists: refetch what shows them. */
function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: invoiceKeys.all });
    void client.invalidateQueries({ queryKey: ['tasks'] });
  };
}

export const useIssueInvoice = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: IssueInvoiceBody) => api.post<InvoiceDetail>('/invoices', body, { handles: [422] }),
    onSuccess: invalidate,
  });
};

export const useMarkInvoicePaid = (id: number) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MarkInvoicePaidBody) =>
      api.put<InvoiceDetail>(`/invoices/${id}/paid`, body, { handles: [422] }),
    onSuccess: invalidate,
  });
};

export const useRectifyInvoice = (id: number) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RectifyInvoiceBody) =>
      api.post<InvoiceDetail>(`/invoices/${id}/rectify`, body, { handles: [422] }),
    onSuccess: invalidate,
  });
};

export const useSendInvoice = (id: number) =>
  useMutation({ mutationFn: () => api.post<{ sent: true; to: string[] }>(`/invoices/${id}/send`) });

export const downloadInvoicePdf = (invoice: { id: number; folio: string }) =>
  downloadFile(`/invoices/${invoice.id}/pdf`, `invoice-${invoice.folio}.pdf`);

export const downloadInvoicesCsv = (from: string, to: string) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const suffix = query.toString();
  return downloadFile(`/invoices/export${suffix ? `?${suffix}` : ''}`, 'invoices.csv');
};
