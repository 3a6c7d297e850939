import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { invoicePageReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** The list's filters as the screen holds them (`''`: any). */
export interface InvoiceFilters {
  customer_id: string;
  status: string;
  from: string;
  to: string;
}

export const getInvoices = (filters: InvoiceFilters, page: number) =>
  api.get<DataOf<typeof invoicePageReply>>('/invoices', {
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

export const getInvoicesQueryOptions = (filters: InvoiceFilters, page: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.invoices, 'list', filters, page],
    queryFn: () => getInvoices(filters, page),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (filters: InvoiceFilters, page: number) =>
  useQuery(getInvoicesQueryOptions(filters, page));
