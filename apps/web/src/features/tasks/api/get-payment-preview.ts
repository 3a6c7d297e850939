import type { paymentPreviewSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** What paying now takes from the balance and what from the card (nothing is held). */
export const getPaymentPreview = (taskId: number) =>
  api.get<typeof paymentPreviewSchema>(`/tasks/${taskId}/payment-preview`);
