import { z } from 'zod';
import { TASK_STATES } from '../task-states.ts';
import { dataReply, decimalString, timestamp } from './replies.ts';

/**
 * The two dashboards: figures aggregated on the server. Months are calendar months in
 * the provider's time zone (Europe/Madrid), `YYYY-MM`, the last 12 including the current one,
 * oldest first, every month present (zero when nothing happened).
 */

const state = z.enum(TASK_STATES);
const count = z.number().int();

export const stateCountDto = z.object({ state, count });
export type StateCountDto = z.infer<typeof stateCountDto>;

/** Work approved in a month: tasks, words, and money (revenue without taxes for staff, spend with taxes for clients). */
export const monthFigureDto = z.object({
  month: z.string(),
  tasks: count,
  words: count,
  amount: decimalString,
});
export type MonthFigureDto = z.infer<typeof monthFigureDto>;

export const customerFigureDto = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  tasks: count,
  words: count,
  amount: decimalString,
});

export const languagePairDto = z.object({
  source: z.string(),
  target: z.string(),
  tasks: count,
  words: count,
});

/** A task in production that is due within the next three days or already late. */
export const dueTaskDto = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  customer_name: z.string().nullable(),
  state,
  due_date: timestamp,
  overdue: z.boolean(),
});
export type DueTaskDto = z.infer<typeof dueTaskDto>;

/** A task waiting for (or in) the analysis of its files. */
export const queuedTaskDto = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  customer_name: z.string().nullable(),
  files: count,
  since: timestamp,
});
export type QueuedTaskDto = z.infer<typeof queuedTaskDto>;

export const staffDashboardDto = z.object({
  /** When the aggregated figures were computed (they are kept for a short while). */
  generated_at: timestamp,
  by_state: z.array(stateCountDto),
  months: z.array(monthFigureDto),
  top_customers: z.array(customerFigureDto),
  language_pairs: z.array(languagePairDto),
  due: z.object({ overdue: count, due_soon: count, tasks: z.array(dueTaskDto) }),
  analysis_queue: z.object({ total: count, tasks: z.array(queuedTaskDto) }),
});
export type StaffDashboardDto = z.infer<typeof staffDashboardDto>;
export const staffDashboardReply = dataReply(staffDashboardDto);

export const departmentFigureDto = z.object({
  department_id: z.number().int().nullable(),
  title: z.string().nullable(),
  tasks: count,
  words: count,
  amount: decimalString,
});

export const clientDashboardDto = z.object({
  generated_at: timestamp,
  balance: decimalString,
  months: z.array(monthFigureDto),
  departments: z.array(departmentFigureDto),
  open_tasks: z.object({ total: count, by_state: z.array(stateCountDto) }),
});
export type ClientDashboardDto = z.infer<typeof clientDashboardDto>;
export const clientDashboardReply = dataReply(clientDashboardDto);
