import { z } from 'zod';
import { dataReply, timestamp } from './replies.ts';

/** What a user can be told about; each has its own delivery preference. */
export const NOTIFICATION_KINDS = [
  'quoted',
  'approved',
  'in_course',
  'delivered',
  'done',
  'message',
  'invoice_issued',
  'due_date_changed',
  'payment_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** portal: the bell only; email: the bell and a mail at once; digest: the bell and a daily mail. */
export const NOTIFICATION_CHANNELS = ['portal', 'email', 'digest'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  task_id: z.number().int().nullable(),
  invoice_id: z.number().int().nullable(),
  /** what the text needs: the task's code, the invoice's folio, the author's name… */
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  read: z.boolean(),
  created_at: timestamp,
});
export type NotificationItem = z.output<typeof notificationItem>;

export const notificationListQuery = z.object({
  unread: z.enum(['1', '0', 'true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationReadBody = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
]);

export const notificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
});

export const notificationPreferencesBody = z.object({
  preferences: z.array(notificationPreference).min(1).max(NOTIFICATION_KINDS.length),
});

export const notificationReplies = {
  list: dataReply(z.object({ items: z.array(notificationItem), unread: z.number().int() })),
  read: dataReply(z.object({ unread: z.number().int() })),
  preferences: dataReply(z.array(notificationPreference)),
};
