import { z } from 'zod';

const day = z.iso.date({ error: 'validation.format' });

const filters = z.object({
  action: z.string().trim().max(100).optional(),
  email: z.string().trim().max(255).optional(),
  start_date: day.optional(),
  end_date: day.optional(),
  lang: z.string().optional(),
});
const datesInOrder = (q: z.infer<typeof filters>) =>
  !q.start_date || !q.end_date || q.start_date <= q.end_date;
const reversed = { error: 'validation.invalid', path: ['end_date'] };

/** The filters of the list and of its CSV export. */
export const actionLogFilters = filters.refine(datesInOrder, reversed);
export type ActionLogFilters = z.infer<typeof actionLogFilters>;

export const actionLogsQuery = filters
  .extend({
    page: z.coerce.number({ error: 'validation.number' }).int().min(1).default(1),
    per_page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(10),
  })
  .refine(datesInOrder, reversed);
export type ActionLogsQuery = z.infer<typeof actionLogsQuery>;
