import { z } from 'zod';

/**
 * Building blocks of the response schemas (DESIGN §13, typed replies). A route declares
 * `response: { 200: dataReply(thing) }`; the web reads `z.infer` of the same schema, which is what
 * travels as JSON (the output side).
 */

/** A moment: the database hands a Date (or an ISO string), the wire carries the ISO string. */
export const timestamp = z.codec(z.union([z.date(), z.string()]), z.string(), {
  decode: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  encode: (value) => value,
});

/** A decimal amount kept as a string on the wire ("120.50"), never a binary float. */
export const decimalString = z.codec(z.union([z.string(), z.number()]), z.string(), {
  decode: (value) => String(value),
  encode: (value) => value,
});

/** `{ data: T }`, the shape of every successful JSON reply (DESIGN §4). */
export const dataReply = <T extends z.ZodType>(data: T) => z.object({ data });

/** A page of rows (DESIGN §4): `{ current_page, per_page, total, last_page, data: [...] }`. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    data: z.array(row),
  });

/**
 * Lists that may grow without end (tasks, the action log) count their matches up to this many and
 * then say so (`total_is_capped`, "1,000+"): counting every match cost more than reading the page.
 */
export const LIST_TOTAL_CAP = 1_000;

/** A page whose `total` stops at `LIST_TOTAL_CAP` (`total_is_capped` then true). */
export const cappedPageOf = <T extends z.ZodType>(row: T) =>
  pageOf(row).extend({ total_is_capped: z.boolean() });

/** A reply that only confirms, with a translated message. */
export const messageReply = z.object({ message: z.string() });
