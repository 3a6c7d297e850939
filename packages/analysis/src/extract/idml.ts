import type { ZipArchive } from '../zip/archive.ts';
import type { ExtractContext } from './context.ts';
import { ParagraphBuilder, parseXml } from './xml.ts';

/**
 * InDesign Markup (.idml): the stories (`Stories/Story_*.xml`). Text is in `Content` elements;
 * `Br` and the end of a paragraph style range end a paragraph. Hidden conditional text is not
 * distinguished (it is rare in files sent for translation).
 */
export async function extractIdml(zip: ZipArchive, ctx: ExtractContext): Promise<void> {
  for (const story of zip.find(/^Stories\/Story_[^/]+\.xml$/)) {
    const p = new ParagraphBuilder(ctx.emit);
    let inContent = false;
    let skipDepth = 0;
    await parseXml(
      await zip.openStream(story),
      {
        open(name) {
          if (skipDepth > 0 || name === 'XMLAttribute' || name === 'Properties') {
            skipDepth++;
            return;
          }
          if (name === 'Content') inContent = true;
          else if (name === 'Br' || name === 'ParagraphStyleRange' || name === 'Cell') p.flush();
          else if (name === 'Tab') p.text(' ');
        },
        close(name) {
          if (skipDepth > 0) {
            skipDepth--;
            return;
          }
          if (name === 'Content') inContent = false;
          else if (name === 'ParagraphStyleRange' || name === 'Cell' || name === 'Story') p.flush();
        },
        text(t) {
          if (inContent) p.text(t);
        },
      },
      { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth },
    );
    p.flush();
  }
}
