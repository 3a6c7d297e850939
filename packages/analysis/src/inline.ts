/**
 * Inline codes of bilingual formats (XLIFF `g`/`ph`/`bpt`…, TMX `bpt`/`ph`…) inside extracted text.
 *
 * Only a format's parser knows what is markup: once text is handed over, `<Enter>` or `&lt;` is
 * text to count. So parsers that keep inline codes (for the tag penalty of TM matching) write each
 * one as a single private-use character, never as `<g>`: it counts zero words and zero characters,
 * splits words like a space, and cannot be confused with text.
 */

/** Inline-code element names of XLIFF 1.2/2.0 and TMX (`ut` is TMX's only). */
export const INLINE_CODE_NAMES = [
  'x',
  'bx',
  'ex',
  'g',
  'ph',
  'bpt',
  'ept',
  'it',
  'pc',
  'sc',
  'ec',
  'mrk',
  'sm',
  'em',
  'cp',
  'ut',
] as const;
const NAMES: readonly string[] = INLINE_CODE_NAMES;
const OPEN = 0xe100;
const CLOSE = 0xe140;
const OTHER = 0xe13f;

/** The character standing for an inline code: `inlineTag('g')` opens, `inlineTag('/g')` closes. */
export function inlineTag(name: string): string {
  const closing = name.startsWith('/');
  const i = NAMES.indexOf(closing ? name.slice(1) : name);
  if (i < 0) return String.fromCharCode(closing ? OTHER + 0x40 : OTHER);
  return String.fromCharCode((closing ? CLOSE : OPEN) + i);
}

/** Matches inline-code characters. */
export const INLINE_CODE_RE = /[\uE100-\uE17F]/g;
