import { z } from 'zod';
import { localeSchema, idField } from './common.ts';
import { dataReply } from './replies.ts';

/** Body of POST /task/budget/pdf, as JSON or multipart fields (spec part 2 §7: id, lang). */
export const quotePdfBody = z.object({
  id: idField,
  lang: localeSchema.optional(),
});

/** Body of POST /tasks/{id}/send/budget: nothing, or the language of the mail. */
export const sendQuoteBody = z.object({ lang: localeSchema.optional() }).nullish();

/** The quote went by mail to `to`. */
export const quoteSentDto = z.object({ sent: z.literal(true), to: z.string() });
export type QuoteSentDto = z.infer<typeof quoteSentDto>;
export const quoteSentReply = dataReply(quoteSentDto);
