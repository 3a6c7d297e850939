import { createHash } from 'node:crypto';

const BREAKING_SPACE_RE = /[ \t\n\v\f\r\u0085\u2028\u2029]+/g;

/**
 * Text as a markup format lays it out: each run of spaces, tabs and line breaks is one space, and
 * none at either end. No-break and other fixed-width spaces (U+00A0, U+202F, U+2007…) are kept:
 * they are characters a translation has to keep, so a segment with one is not identical, for an
 * in-context match, to a memory unit with a plain space (ADR 0028).
 */
export function collapseSpace(text: string): string {
  return text.replace(BREAKING_SPACE_RE, ' ').trim();
}

/** The form of a source segment used for repetitions and exact matches: whitespace collapsed. */
export function normalizeSegment(text: string): string {
  return SPACE_RUN_RE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

const SPACE_RUN_RE = /\s\s|[^\S ]/;

/** Hash of a neighbouring segment, for in-context (101 %) matches; the empty string stands for "no segment". */
export function contextHash(text: string): string {
  return createHash('sha1').update(normalizeSegment(text)).digest('base64url').slice(0, 16);
}

/**
 * Key for the task-wide set of seen segments: a 53-bit hash, so that the set holds numbers and not
 * strings (a task of a million distinct segments has a collision chance of about 1 in 18,000).
 */
export function segmentKey(normalized: string): number {
  return hash53(normalized, 0x9e3779b9);
}

function hash53(str: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
