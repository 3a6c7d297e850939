import type { verifyPaymentBody, verifyPaymentSchema } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** POST /tasks/verifyPayment: the bank's answer on the OK/KO page. */
export const verifyPayment = (input: z.input<typeof verifyPaymentBody>) =>
  api.post<typeof verifyPaymentSchema, typeof verifyPaymentBody>('/tasks/verifyPayment', input, {
    handles: [400, 422],
  });
