import { createHash } from 'node:crypto';

const TAG_RE = /<\/?[A-Za-z][^<>]*>/g;

/** The form of a source segment used for repetitions and exact matches: whitespace collapsed, tags in lower case. */
export function normalizeSegment(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(TAG_RE, (tag) => tag.toLowerCase());
}

/** Hash of a neighbouring segment, for in-context (101 %) matches; the empty string stands for "no segment". */
export function contextHash(text: string): string {
  return createHash('sha1').update(normalizeSegment(text)).digest('base64url').slice(0, 16);
}

/** Compact key for the task-wide set of seen segments. */
export function segmentKey(normalized: string): string {
  return normalized.length <= 40 ? normalized : createHash('sha1').update(normalized).digest('base64url');
}
