import type { verifyGuestPaymentBody, verifyGuestPaymentSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** POST /task/temporal/verifyPayment: the bank's answer on the OK/KO page. */
export const verifyGuestPayment = (input: z.input<typeof verifyGuestPaymentBody>) =>
  api.post<typeof verifyGuestPaymentSchema, typeof verifyGuestPaymentBody>(
    '/task/temporal/verifyPayment',
    input,
    {
      handles: [400, 404, 422],
    },
  );
