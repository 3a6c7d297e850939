import type { startPaymentSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /task/temporal/{token}/pay: the bank's form (auto-submitted by the page). */
export const startGuestPayment = (token: string) =>
  api.get<typeof startPaymentSchema>(`/task/temporal/${encodeURIComponent(token)}/pay`, {
    handles: [404, 422],
  });
