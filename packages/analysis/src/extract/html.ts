import { Parser } from 'htmlparser2';
import { readTextChunks } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { ParagraphBuilder } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'object',
  'iframe',
  'canvas',
]);
const INLINE = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  'label',
  'img',
  'input',
  'br',
]);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const TEXT_ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label', 'summary', 'label'];
const META_NAMES = new Set([
  'description',
  'keywords',
  'og:title',
  'og:description',
  'twitter:title',
  'twitter:description',
]);

/**
 * HTML: the text of the body and the title, alt/title/placeholder attributes and descriptive
 * meta tags; scripts, styles and anything marked `translate="no"` are skipped. Block elements
 * end paragraphs, inline elements do not.
 */
export async function extractHtml(path: Source, ctx: ExtractContext): Promise<void> {
  const paragraphs = new ParagraphBuilder(ctx.emit);
  const stack: { name: string; skip: boolean }[] = [];
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const skip = SKIP.has(name) || attrs.translate === 'no' || attrs.class === 'notranslate';
        if (!VOID.has(name)) stack.push({ name, skip });
        if (skip) {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        if (skipDepth > 0) return;
        if (!INLINE.has(name)) paragraphs.flush();
        if (name === 'br') paragraphs.text(' ');
        if (name === 'meta') {
          const key = (attrs.name ?? attrs.property ?? attrs.itemprop ?? '').toLowerCase();
          if (META_NAMES.has(key) && attrs.content) ctx.emit(attrs.content.trim());
          return;
        }
        for (const a of TEXT_ATTRIBUTES) {
          const v = attrs[a];
          if (v && v.trim() && !(a === 'label' && name !== 'option' && name !== 'track'))
            ctx.emit(collapseSpace(v));
        }
        if (name === 'input' && /^(?:submit|button|reset)$/i.test(attrs.type ?? '') && attrs.value)
          ctx.emit(attrs.value.trim());
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        // pop to the matching element (htmlparser2 closes implied elements for us)
        for (let i = stack.length - 1; i >= 0; i--) {
          const el = stack[i];
          if (el?.name === name) {
            stack.length = i;
            if (el.skip) skipDepth--;
            break;
          }
        }
        if (skipDepth === 0 && !INLINE.has(name)) paragraphs.flush();
      },
      ontext(text) {
        if (skipDepth === 0) paragraphs.text(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for await (const chunk of readTextChunks(path, ctx.signal)) parser.write(chunk);
  parser.end();
  paragraphs.flush();
}
