import { openSource, readHead, sniffEncoding } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { localName, ParagraphBuilder, parseXml } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

/** DITA (and DocBook-like) inline elements: they continue the paragraph around them. */
const INLINE = new Set([
  'b',
  'i',
  'u',
  'sup',
  'sub',
  'tt',
  'ph',
  'keyword',
  'term',
  'xref',
  'link',
  'codeph',
  'cite',
  'q',
  'tm',
  'apiname',
  'cmdname',
  'filepath',
  'uicontrol',
  'wintitle',
  'menucascade',
  'varname',
  'userinput',
  'systemoutput',
  'option',
  'parmname',
  'synph',
  'msgph',
  'msgnum',
  'abbreviated-form',
  'line-through',
  'overline',
  'text',
  'emphasis',
  'literal',
  'code',
  'span',
  'em',
  'strong',
  'a',
  'indexterm',
  'fn',
  'image',
  'equation-inline',
  'mathml',
  'xmlelement',
  'xmlatt',
  'numcharref',
  'parameterentity',
  'textentity',
  'xmlnsname',
  'xmlpi',
  'br',
]);
const SKIP = new Set([
  'draft-comment',
  'required-cleanup',
  'data',
  'data-about',
  'unknown',
  'foreign',
  'object',
  'script',
  'style',
]);
const TEXT_ATTRIBUTES = ['navtitle', 'alt'];

/**
 * DITA topics and maps, and any other XML: text of every element, with known inline elements
 * kept inside the paragraph; `translate="no"` subtrees and DITA comments are skipped. Entity
 * declarations are refused by the parser.
 */
export async function extractXmlGeneric(path: Source, ctx: ExtractContext): Promise<void> {
  const { encoding } = sniffEncoding(await readHead(path, 4096));
  const builders: ParagraphBuilder[] = [new ParagraphBuilder(ctx.emit)];
  const current = () => builders[builders.length - 1] as ParagraphBuilder;
  const skipStack: boolean[] = [];
  let skipDepth = 0;
  await parseXml(
    openSource(path),
    {
      open(name, attrs) {
        const ln = localName(name);
        const skip = SKIP.has(ln) || attrs.translate === 'no';
        skipStack.push(skip);
        if (skip) skipDepth++;
        if (skipDepth > 0) return;
        for (const a of TEXT_ATTRIBUTES) {
          const v = attrs[a];
          if (v && v.trim()) ctx.emit(collapseSpace(v));
        }
        if (ln === 'fn') {
          builders.push(new ParagraphBuilder(ctx.emit));
        } else if (!INLINE.has(ln)) {
          current().flush();
        } else if (ln === 'br') {
          current().text(' ');
        }
      },
      close(name) {
        const ln = localName(name);
        const skipped = skipStack.pop();
        if (skipped) {
          skipDepth--;
          return;
        }
        if (skipDepth > 0) return;
        if (ln === 'fn' && builders.length > 1) {
          builders.pop()?.flush();
        } else if (!INLINE.has(ln)) {
          current().flush();
        }
      },
      text(t) {
        if (skipDepth === 0) current().text(t);
      },
    },
    { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth, encoding },
  );
  for (const b of builders) b.flush();
}
