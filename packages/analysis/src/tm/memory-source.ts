import { INLINE_CODE_RE } from '../inline.ts';
import { BR_RE, TAG_RE, withoutTagText } from '../markup-text.ts';
import { collapseSpace } from '../normalize.ts';

/**
 * TMX `datatype`s whose text cannot hold tags written as text (program sources, resources, RTF):
 * there `<b>` is text. Every other datatype — html, xml, sgml, plaintext (po2tmx writes PO text
 * made from HTML as plaintext, OmegaT keeps its `<f0>` tags as text), unknown or none — may.
 */
const TEXT_ONLY_DATATYPES = new Set([
  'alptext',
  'cdf',
  'cmx',
  'cpp',
  'interleaf',
  'ipf',
  'java',
  'javascript',
  'lisp',
  'mif',
  'pascal',
  'pm',
  'rtf',
  'stf-f',
  'stf-i',
  'vbscript',
  'winres',
]);

/** Whether the text of a unit of this TMX `datatype` (the `tu`'s, else the header's) may hold tags as text. */
export function datatypeHoldsTags(datatype: string | undefined): boolean {
  return !TEXT_ONLY_DATATYPES.has((datatype ?? '').trim().toLowerCase());
}

/**
 * The source text a memory unit is stored and matched with: the unit's text as a document reader
 * would hand it over (ADR 0028). Document readers drop markup, so:
 * - inline codes (TMX `bpt`, `ept`, `it`, `ph`, `ut`, read as inline-code characters) are removed;
 *   the reader passes a code standing for a line break as a line break;
 * - tags written as text (`Text1 and <emph>Text2</emph>`, from html2po, OmegaT and the like) are
 *   removed as the PO reader removes them, unless the unit's datatype cannot hold tags;
 * - where markup was removed, spacing is laid out as a markup reader lays it out (`collapseSpace`);
 *   otherwise the text keeps its spacing, so that a unit spaced unlike the document is a 100 %
 *   match, not 101 %.
 * The target is stored as it is: this is for matching only.
 */
export function memorySource(text: string, options: { tagsAsText: boolean }): string {
  let plain = text.replace(INLINE_CODE_RE, '');
  if (options.tagsAsText) plain = withoutTagText(plain);
  return plain === text ? text : collapseSpace(plain);
}

/** A text without its markup, and for each of its characters the index it had in the text. */
export interface MarkupFreeView {
  plain: string;
  /** `origin[i]` is the index in the text of `plain[i]`; `origin[plain.length]` is the text's length. */
  origin: number[];
}

const MARKUP_RE = new RegExp(`(${BR_RE.source})|${INLINE_CODE_RE.source}|${TAG_RE.source}`, 'gu');
const CODES_RE = new RegExp(INLINE_CODE_RE.source, 'gu');

/**
 * The text as `memorySource` reads it (before spacing), with the way back to the text: to cut a
 * target, which keeps its markup, into the same sentences as its source, which has none.
 */
export function markupFreeView(text: string, options: { tagsAsText: boolean }): MarkupFreeView {
  const re = options.tagsAsText ? MARKUP_RE : CODES_RE;
  let plain = '';
  const origin: number[] = [];
  let from = 0;
  const keep = (to: number) => {
    plain += text.slice(from, to);
    for (let i = from; i < to; i++) origin.push(i);
  };
  for (const m of text.matchAll(re)) {
    keep(m.index);
    if (m[1] !== undefined) {
      plain += '\n';
      origin.push(m.index);
    }
    from = m.index + m[0].length;
  }
  keep(text.length);
  origin.push(text.length);
  return { plain, origin };
}
