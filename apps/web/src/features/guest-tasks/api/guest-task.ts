import { useQuery } from '@tanstack/react-query';
import type { GuestTask, StartPayment, VerifyGuestPayment } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

export const guestTaskKey = (token: string) => ['guest-task', token] as const;

/** GET /task/temporal/{token}; 404 (unknown) and 410 (expired) are shown by the page itself. */
export const useGuestTask = (token: string) =>
  useQuery({
    queryKey: guestTaskKey(token),
    queryFn: () =>
      api.get<GuestTask>(`/task/temporal/${encodeURIComponent(token)}`, { handles: [404, 410, 422] }),
    retry: false,
    // While the files are analysed the quote has no price yet: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.state === 'CALCULATING' ? 3000 : false),
  });

/** GET /task/temporal/{token}/pay: the bank's form (auto-submitted by the page). */
export const startGuestPayment = (token: string) =>
  api.get<StartPayment>(`/task/temporal/${encodeURIComponent(token)}/pay`, { handles: [404, 422] });

export interface GuestReturn {
  taskId?: string;
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** POST /task/temporal/verifyPayment: the bank's answer on the OK/KO page. */
export const verifyGuestPayment = (input: GuestReturn) =>
  api.post<VerifyGuestPayment>('/task/temporal/verifyPayment', input, { handles: [400, 404, 422] });
