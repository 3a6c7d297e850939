import { z } from 'zod';

const day = z.iso.date({ error: 'validation.format' });

export const actionLogsQuery = z
  .object({
    action: z.string().trim().max(100).optional(),
    email: z.string().trim().max(255).optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    page: z.coerce.number({ error: 'validation.number' }).int().min(1).default(1),
    per_page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(10),
    lang: z.string().optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    error: 'validation.invalid',
    path: ['end_date'],
  });
export type ActionLogsQuery = z.infer<typeof actionLogsQuery>;
