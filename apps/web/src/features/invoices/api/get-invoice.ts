import { queryOptions, useQuery } from '@tanstack/react-query';
import type { invoiceDetailSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getInvoice = (id: number) => api.get<typeof invoiceDetailSchema>(`/invoices/${id}`);

export const getInvoiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.invoices, 'detail', id], queryFn: () => getInvoice(id) });

export const useInvoice = (id: number) => useQuery(getInvoiceQueryOptions(id));
