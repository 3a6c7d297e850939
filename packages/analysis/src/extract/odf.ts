import { isNumbersOnly } from '../count/words.ts';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import type { ZipArchive } from '../zip/archive.ts';
import type { ExtractContext } from './context.ts';
import { ParagraphBuilder, parseXml } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

const SKIP = new Set([
  'text:tracked-changes',
  'text:note-citation',
  'dc:creator',
  'dc:date',
  'meta:creator-initials',
  'office:annotation-end',
  'presentation:date-time',
  'presentation:footer-decl',
  'presentation:header-decl',
  'text:page-number',
  'text:page-count',
  'draw:object',
  'office:forms',
]);
const PARAGRAPHS = new Set(['text:p', 'text:h', 'math:mtext', 'svg:title', 'svg:desc']);

/**
 * OpenDocument (.odt .ods .odp .odf and others): the document's title (`meta.xml` `dc:title`, first,
 * as OmegaT counts it: a client sees it in the file's properties and window title), paragraphs and headings of the body, notes,
 * comments, alphabetical index entries, alt text and the headers and footers of the master pages. Tracked deletions, field
 * values such as page numbers, and spreadsheet cells whose value is not a string do not count.
 * Encrypted documents are reported as such.
 */
export async function extractOdf(zip: ZipArchive, ctx: ExtractContext): Promise<void> {
  const manifest = zip.get('META-INF/manifest.xml');
  if (manifest) {
    const text = (await zip.readSmall(manifest)).toString('utf8');
    if (/encryption-data/.test(text)) throw new AnalysisError(ErrorKeys.encrypted);
  }
  const meta = zip.get('meta.xml');
  if (meta) await extractTitle(zip, meta, ctx);
  const content = zip.get('content.xml');
  if (content) await extractOdfPart(zip, content, ctx, false);
  const styles = zip.get('styles.xml');
  if (styles) await extractOdfPart(zip, styles, ctx, true);
}

/** The title of the document's metadata, as its first paragraph. */
async function extractTitle(
  zip: ZipArchive,
  part: NonNullable<ReturnType<ZipArchive['get']>>,
  ctx: ExtractContext,
): Promise<void> {
  let title: ParagraphBuilder | undefined;
  await parseXml(
    await zip.openStream(part),
    {
      open(name) {
        if (name === 'dc:title') title = new ParagraphBuilder(ctx.emit);
      },
      close(name) {
        if (name !== 'dc:title') return;
        title?.flush();
        title = undefined;
      },
      text(t) {
        title?.text(t);
      },
    },
    { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth },
  );
}

async function extractOdfPart(
  zip: ZipArchive,
  part: NonNullable<ReturnType<ZipArchive['get']>>,
  ctx: ExtractContext,
  mastersOnly: boolean,
): Promise<void> {
  const builders: { b: ParagraphBuilder; cell: boolean }[] = [];
  const cellStack: boolean[] = [];
  let skipDepth = 0;
  let masterDepth = 0;
  const emitCell = (p: string) => {
    if (!isNumbersOnly(p)) ctx.emit(p);
  };
  await parseXml(
    await zip.openStream(part),
    {
      open(name, attrs) {
        if (name === 'style:master-page') masterDepth++;
        if (skipDepth > 0 || SKIP.has(name)) {
          skipDepth++;
          return;
        }
        if (mastersOnly && masterDepth === 0) return;
        if (name === 'text:alphabetical-index-mark' || name === 'text:alphabetical-index-mark-start') {
          // index entries: the point mark's text and the keys of either kind are translatable
          for (const a of ['text:string-value', 'text:key1', 'text:key2']) {
            const v = collapseSpace(attrs[a] ?? '');
            if (v) ctx.emit(v);
          }
          return;
        }
        if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
          const type = attrs['office:value-type'];
          cellStack.push(type !== undefined && type !== 'string');
          return;
        }
        const inNumericCell = cellStack[cellStack.length - 1] === true;
        if (PARAGRAPHS.has(name)) {
          const inCell = cellStack.length > 0;
          builders.push({ b: new ParagraphBuilder(inCell ? emitCell : ctx.emit), cell: inNumericCell });
          return;
        }
        const top = builders[builders.length - 1]?.b;
        if (!top) return;
        if (name === 'text:s') top.text(' '.repeat(Math.min(Number(attrs['text:c'] ?? 1) || 1, 8)));
        else if (name === 'text:tab' || name === 'text:line-break') top.text(' ');
      },
      close(name) {
        if (skipDepth > 0) {
          skipDepth--;
          if (name === 'style:master-page') masterDepth--;
          return;
        }
        if (name === 'style:master-page') masterDepth--;
        if (mastersOnly && masterDepth === 0 && name !== 'style:master-page') return;
        if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
          cellStack.pop();
        } else if (PARAGRAPHS.has(name)) {
          const top = builders.pop();
          if (top && !top.cell) top.b.flush();
        }
      },
      text(t) {
        if (skipDepth > 0) return;
        builders[builders.length - 1]?.b.text(t);
      },
    },
    { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth },
  );
}
