import { z } from 'zod';
import { cappedPageOf, dataReply, timestamp } from './replies.ts';

/** Replies of the system routes and the action logs. */

export const healthReply = dataReply(z.object({ status: z.literal('ok') }));

/** A rendering failure the web app reports (POST /ui-error). */
export const uiErrorBody = z.object({
  error: z.object({
    message: z.string().max(2000),
    name: z.string().max(255).optional(),
    string: z.string().max(4000).optional(),
  }),
  stackTrace: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
});
export type UiErrorBody = z.infer<typeof uiErrorBody>;
export const uiErrorReply = dataReply(z.object({ stored: z.literal(true) }));

/** A mail kept in the outbox (development and demos). */
export const outboxMailDto = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  created_at: timestamp,
});
export type OutboxMailDto = z.infer<typeof outboxMailDto>;
export const mailOutboxReply = dataReply(z.array(outboxMailDto));

/** One row of the action log. */
export const actionLogDto = z.object({
  id: z.number().int(),
  action: z.string(),
  /** The action named in the reader's language (the code itself when it has no name). */
  action_label: z.string(),
  /** In the reader's language when the row has a message key; the stored text otherwise. */
  description: z.string(),
  created_at: timestamp,
  ip: z.string().nullable(),
  user_email: z.string().nullable(),
  customer_name: z.string().nullable(),
});
export type ActionLogDto = z.infer<typeof actionLogDto>;
export const actionLogPage = cappedPageOf(actionLogDto);
export type ActionLogPage = z.infer<typeof actionLogPage>;
export const actionLogPageReply = dataReply(actionLogPage);

/** An action the logs can be filtered by, named in the reader's language. */
export const actionChoiceDto = z.object({ action: z.string(), label: z.string() });
export type ActionChoiceDto = z.infer<typeof actionChoiceDto>;
export const actionChoicesReply = dataReply(z.array(actionChoiceDto));

/** The action log's query (`GET /action-logs`) and its CSV export's. */
const logDay = z.iso.date({ error: 'validation.format' });

const logFilters = z.object({
  action: z.string().trim().max(100).optional(),
  email: z.string().trim().max(255).optional(),
  start_date: logDay.optional(),
  end_date: logDay.optional(),
  lang: z.string().optional(),
});
const datesInOrder = (q: z.infer<typeof logFilters>) =>
  !q.start_date || !q.end_date || q.start_date <= q.end_date;
const logDatesReversed = { error: 'validation.invalid', path: ['end_date'] };

/** The filters of the list and of its CSV export. */
export const actionLogFilters = logFilters.refine(datesInOrder, logDatesReversed);
export type ActionLogFilters = z.infer<typeof actionLogFilters>;

export const actionLogsQuery = logFilters
  .extend({
    page: z.coerce.number({ error: 'validation.number' }).int().min(1).default(1),
    per_page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(10),
  })
  .refine(datesInOrder, logDatesReversed);
export type ActionLogsQuery = z.infer<typeof actionLogsQuery>;
