import { queryOptions, useQuery } from '@tanstack/react-query';
import type { invoiceDraftQuery, invoiceDraftSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';

export const getInvoiceDraft = (customerId: number) =>
  api.get<typeof invoiceDraftSchema>('/invoices/draft', {
    query: { customer_id: customerId } satisfies z.input<typeof invoiceDraftQuery>,
  });

export const getInvoiceDraftQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.invoices, 'draft', customerId],
    queryFn: () => getInvoiceDraft(customerId),
  });

export const useInvoiceDraft = (customerId: number | null) =>
  useQuery({ ...getInvoiceDraftQueryOptions(customerId ?? 0), enabled: customerId !== null });
