import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { invoiceListQuery, invoicePageReply } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** The list's filters as the screen holds them (`''`: any). */
export interface InvoiceFilters {
  customer_id: string;
  status: string;
  from: string;
  to: string;
  /** the AEAT record's submission state (staff) */
  verifactu_state: string;
}

type InvoiceListInput = z.input<typeof invoiceListQuery>;

export const getInvoices = (filters: InvoiceFilters, page: number) =>
  api.get<DataOf<typeof invoicePageReply>>('/invoices', {
    query: {
      customer_id: filters.customer_id || undefined,
      // the status select offers only the schema's statuses
      status: (filters.status || undefined) as InvoiceListInput['status'],
      from: filters.from || undefined,
      to: filters.to || undefined,
      // the select offers only the schema's states
      verifactu_state: (filters.verifactu_state || undefined) as InvoiceListInput['verifactu_state'],
      page,
      per_page: 10,
    } satisfies InvoiceListInput,
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
