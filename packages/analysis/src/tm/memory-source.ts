import { INLINE_CODE_RE } from '../inline.ts';
import { withoutTagText } from '../markup-text.ts';
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
