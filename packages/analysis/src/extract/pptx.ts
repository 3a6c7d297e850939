import type { ZipArchive } from '../zip/archive.ts';
import type { ExtractContext } from './context.ts';
import { ParagraphBuilder, parseXml } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

/**
 * PowerPoint (.pptx): slide text, tables, alt text and speaker notes, in slide order. Slide
 * numbers and date fields (`a:fld`) and the masters' and layouts' prompt text are not counted.
 */
export async function extractPptx(zip: ZipArchive, ctx: ExtractContext): Promise<void> {
  const parts = [
    ...zip.find(/^ppt\/slides\/slide\d+\.xml$/),
    ...zip.find(/^ppt\/notesSlides\/notesSlide\d+\.xml$/),
    ...zip.find(/^ppt\/comments\/comment\d+\.xml$/),
  ];
  for (const part of parts) await extractDrawingML(zip, part, ctx);
}

const SKIP = new Set(['a:fld', 'mc:Fallback']);

export async function extractDrawingML(
  zip: ZipArchive,
  part: NonNullable<ReturnType<ZipArchive['get']>>,
  ctx: ExtractContext,
) {
  const builders: ParagraphBuilder[] = [];
  let skipDepth = 0;
  let inText = false;
  await parseXml(
    await zip.openStream(part),
    {
      open(name, attrs) {
        if (skipDepth > 0 || SKIP.has(name)) {
          skipDepth++;
          return;
        }
        if (name === 'a:p' || name === 'p:text') builders.push(new ParagraphBuilder(ctx.emit));
        if (name === 'a:t' || name === 'p:text') inText = true;
        if (name === 'a:br') builders[builders.length - 1]?.text(' ');
        else if (name === 'p:cNvPr' && attrs.descr?.trim()) ctx.emit(collapseSpace(attrs.descr));
      },
      close(name) {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (name === 'a:p' || name === 'p:text') builders.pop()?.flush();
        if (name === 'a:t' || name === 'p:text') inText = false;
      },
      text(t) {
        if (inText && skipDepth === 0) builders[builders.length - 1]?.text(t);
      },
    },
    { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth },
  );
}
