import { z } from 'zod';
import { dataReply, pageOf, timestamp } from './replies.ts';

/** Longest message body, in characters. */
export const MESSAGE_BODY_MAX = 5000;

export const messageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

/** The fields of `POST /api/tasks/{id}/messages` (multipart: `body`, `internal`, `files[]`). */
export const messageFields = z.object({
  body: z.string().trim().min(1).max(MESSAGE_BODY_MAX),
  internal: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on'),
});

export const messageFile = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
});

export const taskMessage = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  body: z.string(),
  internal: z.boolean(),
  created_at: timestamp,
  author: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    /** staff, client or guest: which side of the thread the message is on */
    side: z.enum(['staff', 'client', 'guest']),
  }),
  files: z.array(messageFile),
});
export type TaskMessage = z.output<typeof taskMessage>;

export const messageReplies = {
  list: dataReply(pageOf(taskMessage).extend({ unread: z.number().int() })),
  created: dataReply(taskMessage),
  read: dataReply(z.object({ unread: z.number().int() })),
  unread: dataReply(z.array(z.object({ task_id: z.number().int(), unread: z.number().int() }))),
};
