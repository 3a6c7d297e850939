import { openSource, readHead, sniffEncoding } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { localName, parseXml } from './xml.ts';

/** Inline elements whose content is native code (counts zero). */
const CODE_ELEMENTS = new Set(['bpt', 'ept', 'it', 'ph', 'sub-code', 'originalData', 'data']);
/** Inline markers that stay in the text as tags, so that tag differences can be penalised in TM matching. */
const TAG_ELEMENTS = new Set([
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
]);

/**
 * XLIFF 1.2 and 2.x: the `source` of every unit that is translatable. Units (or groups, or 2.0
 * `mrk` spans) with `translate="no"` are skipped, as is the PO header unit that po2xliff writes.
 */
export async function extractXliff(path: Source, ctx: ExtractContext): Promise<void> {
  const { encoding } = sniffEncoding(await readHead(path, 4096));
  const translateStack: boolean[] = [true];
  let inSource = 0;
  let codeDepth = 0;
  let noTranslateDepth = 0;
  let buf: string[] = [];
  let stack: string[] = [];
  await parseXml(
    openSource(path),
    {
      open(name, attrs) {
        const ln = localName(name);
        stack.push(ln);
        const parentTranslate = translateStack[translateStack.length - 1] ?? true;
        const translate =
          attrs.translate === 'no' ? false : attrs.translate === 'yes' ? true : parentTranslate;
        const isHeader = ln === 'trans-unit' && attrs.restype === 'x-gettext-domain-header';
        translateStack.push(isHeader ? false : translate);
        if (inSource > 0) {
          if (ln === 'mrk' && attrs.translate === 'no') noTranslateDepth++;
          else if (noTranslateDepth > 0 && ln === 'mrk') noTranslateDepth++;
          if (TAG_ELEMENTS.has(ln)) buf.push(`<${ln}>`);
          if (CODE_ELEMENTS.has(ln)) codeDepth++;
          return;
        }
        if (ln === 'source' && translate && !isHeader) {
          const parent = stack[stack.length - 2];
          if (parent === 'trans-unit' || parent === 'segment' || parent === 'ignorable') {
            // 2.0 <ignorable> holds whitespace/markup between segments; it is not translated.
            if (parent !== 'ignorable') {
              inSource = 1;
              buf = [];
            }
          }
        }
      },
      close(name) {
        const ln = localName(name);
        stack.pop();
        translateStack.pop();
        if (inSource > 0) {
          if (ln === 'source' && codeDepth === 0) {
            inSource = 0;
            const text = buf.join('').replace(/\s+/g, ' ').trim();
            buf = [];
            if (text) ctx.emit(text);
            return;
          }
          if (CODE_ELEMENTS.has(ln)) codeDepth = Math.max(0, codeDepth - 1);
          if (ln === 'mrk' && noTranslateDepth > 0) noTranslateDepth--;
          if (ln === 'g' || ln === 'pc' || ln === 'mrk') buf.push(`</${ln}>`);
        }
      },
      text(t) {
        if (inSource > 0 && codeDepth === 0 && noTranslateDepth === 0) buf.push(t);
      },
    },
    { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth, encoding },
  );
  stack = [];
}
