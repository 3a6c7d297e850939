import { z } from 'zod';
import { idField } from './common.ts';
import { dataReply } from './replies.ts';
import { translatedFileRow } from './tasks.ts';

const id = z.number().int();

/** How a delivered file found its source file and language. */
export const DELIVERY_MATCH_RULES = ['folder', 'suffix', 'name'] as const;
export type DeliveryMatchRule = (typeof DELIVERY_MATCH_RULES)[number];

/** Why a delivered file was left unmatched. */
export const DELIVERY_UNMATCHED_REASONS = [
  'no_source',
  'ambiguous_language',
  'duplicate',
  'unsafe_path',
  'encrypted',
] as const;
export type DeliveryUnmatchedReason = (typeof DELIVERY_UNMATCHED_REASONS)[number];

/** `?preview=1` proposes the matches and stores nothing; without it the files are stored. */
export const deliveryBatchQuery = z.object({
  preview: z
    .preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean())
    .optional()
    .default(false),
});

/**
 * The `assignments` field of a confirmed batch: JSON, one entry per file the PM confirmed or
 * fixed (`null` ids: do not deliver it). Files not listed keep the proposed match.
 */
export const deliveryAssignment = z.object({
  name: z.string().min(1).max(1000),
  source_file_id: idField.nullable(),
  language_id: idField.nullable(),
});
export const deliveryAssignments = z.array(deliveryAssignment).max(10_000);
export type DeliveryAssignment = z.infer<typeof deliveryAssignment>;

/** One file of a batch (a path inside the zip, or the uploaded name) and its proposed match. */
export const deliveryBatchFile = z.object({
  name: z.string(),
  size: z.number().int(),
  source_file_id: id.nullable(),
  language_id: id.nullable(),
  rule: z.enum(DELIVERY_MATCH_RULES).nullable(),
  reason: z.enum(DELIVERY_UNMATCHED_REASONS).nullable(),
  /** a translation of that file and language is already delivered and would be replaced */
  replaces: z.boolean(),
});
export type DeliveryBatchFile = z.infer<typeof deliveryBatchFile>;

export const deliveryPreview = z.object({ files: z.array(deliveryBatchFile) });
export type DeliveryPreview = z.infer<typeof deliveryPreview>;

export const deliveryBatchResult = z.object({
  delivered: z.array(translatedFileRow.extend({ name: z.string() })),
  /** files of the batch not stored (unmatched or set aside by the PM) */
  skipped: z.array(z.string()),
  tm_units_added: z.number().int(),
});
export type DeliveryBatchResult = z.infer<typeof deliveryBatchResult>;

export const deliveryReplies = {
  preview: dataReply(deliveryPreview),
  batch: dataReply(deliveryBatchResult),
};
