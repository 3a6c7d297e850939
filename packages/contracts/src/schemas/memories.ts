import { z } from 'zod';
import { timestamp } from './replies.ts';
import { idField } from './common.ts';

/** Where a memory's units came from: a TMX import by staff, or a delivered bilingual file. */
export const memoryOrigins = ['TMX', 'DELIVERY'] as const;
export type MemoryOrigin = (typeof memoryOrigins)[number];

/** The latest feed of a pair's memory, as staff see it. */
export const memoryFeedSchema = z.object({
  file_name: z.string(),
  origin: z.enum(memoryOrigins),
  units: z.number().int(),
  at: timestamp,
  by: z.string().nullable(),
});

/** One language pair of a customer's translation memory (staff view). */
export const memoryPairSchema = z.object({
  source_lang: z.string(),
  target_lang: z.string(),
  source_name: z.string(),
  target_name: z.string(),
  units: z.number().int(),
  last_import: memoryFeedSchema.nullable(),
});
export type MemoryPairDto = z.infer<typeof memoryPairSchema>;

/** One pair as a client admin sees it: which pairs have a memory, and how many units. */
export const memoryCountSchema = memoryPairSchema.pick({
  source_lang: true,
  target_lang: true,
  source_name: true,
  target_name: true,
  units: true,
});
export type MemoryCountDto = z.infer<typeof memoryCountSchema>;

/** What a TMX import added. */
export const memoryImportReply = z.object({
  source_lang: z.string(),
  target_lang: z.string(),
  units: z.number().int(),
  file_name: z.string(),
});
export type MemoryImportDto = z.infer<typeof memoryImportReply>;

export const memoryDeletedReply = z.object({ deleted: z.literal(true), units: z.number().int() });

/** `/customers/:id/memories/:source/:target`: the pair by ISO codes ("en", "pt-BR"). */
export const memoryPairParams = z.object({
  id: idField,
  source: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
  target: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
});
