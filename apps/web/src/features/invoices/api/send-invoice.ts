import { useMutation } from '@tanstack/react-query';
import type { invoiceSentReply } from '@verba/contracts';
import { api, type DataOf } from '../../../lib/api-client.ts';

export const sendInvoice = (id: number) => api.post<DataOf<typeof invoiceSentReply>>(`/invoices/${id}/send`);

export const useSendInvoice = (id: number) => useMutation({ mutationFn: () => sendInvoice(id) });
