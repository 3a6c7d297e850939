import { useMutation } from '@tanstack/react-query';
import type { invoiceDetailSchema, IssueInvoiceBody, issueInvoiceBody } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateInvoices } from './use-invalidate-invoices.ts';

export const issueInvoice = (body: IssueInvoiceBody) =>
  api.post<typeof invoiceDetailSchema, typeof issueInvoiceBody>('/invoices', body, { handles: [422] });

export const useIssueInvoice = () =>
  useMutation({ mutationFn: issueInvoice, onSuccess: useInvalidateInvoices() });
