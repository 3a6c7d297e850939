import type { ZipArchive } from '../zip/archive.ts';
import type { ExtractContext } from './context.ts';
import { ParagraphBuilder, parseXml } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

const XE_RE = /^\s*XE\s+(?:"([^"]*)"|(\S+))(?:.*?\\t\s+"([^"]*)")?/i;

/** An `XE` field (index entry): its text, each `:`-separated level apart, and its `\t` cross-reference text. */
function emitIndexEntry(code: string, emit: (p: string) => void): void {
  const m = XE_RE.exec(code);
  if (!m) return;
  for (const level of (m[1] ?? m[2] ?? '').split(':')) {
    const t = collapseSpace(level);
    if (t) emit(t);
  }
  const see = m[3] === undefined ? undefined : collapseSpace(m[3]);
  if (see) emit(see);
}

/**
 * Word (.docx): body, headers, footers, footnotes, endnotes and comments, text boxes and alt
 * text, index entries (`XE` fields). Deleted revisions (`w:del`), other field codes, hidden runs (`w:vanish`), the
 * compatibility copies of drawings (`mc:Fallback`) and content-control placeholders are not translatable.
 */
export async function extractDocx(zip: ZipArchive, ctx: ExtractContext): Promise<void> {
  const parts = [
    ...zip.find(/^word\/document\.xml$/),
    ...zip.find(/^word\/header\d*\.xml$/),
    ...zip.find(/^word\/footer\d*\.xml$/),
    ...zip.find(/^word\/footnotes\.xml$/),
    ...zip.find(/^word\/endnotes\.xml$/),
    ...zip.find(/^word\/comments\.xml$/),
  ];
  for (const part of parts) await extractWordPart(zip, part, ctx);
}

const SKIP = new Set(['w:del', 'w:moveFrom', 'w:delInstrText', 'mc:Fallback', 'w:rPrChange', 'w:pPrChange']);

async function extractWordPart(
  zip: ZipArchive,
  part: NonNullable<ReturnType<ZipArchive['get']>>,
  ctx: ExtractContext,
) {
  const builders: ParagraphBuilder[] = [];
  const names: string[] = [];
  let skipDepth = 0;
  let runHidden = false;
  let inText = false;
  // the code of the field being read (`XE "entry"` index entries are translatable text)
  let fieldCode: string | undefined;
  let inCode = false;
  const endField = () => {
    if (fieldCode !== undefined) emitIndexEntry(fieldCode, ctx.emit);
    fieldCode = undefined;
  };
  // Content controls showing their placeholder ("Click here to enter text.") hold no document text.
  const sdtPlaceholder: boolean[] = [];
  await parseXml(
    await zip.openStream(part),
    {
      open(name, attrs) {
        const parent = names[names.length - 1];
        names.push(name);
        if (
          skipDepth > 0 ||
          SKIP.has(name) ||
          (name === 'w:sdtContent' && sdtPlaceholder[sdtPlaceholder.length - 1])
        ) {
          skipDepth++;
          return;
        }
        switch (name) {
          case 'w:sdt':
            sdtPlaceholder.push(false);
            break;
          case 'w:showingPlcHdr':
            if (sdtPlaceholder.length > 0 && attrs['w:val'] !== '0' && attrs['w:val'] !== 'false') {
              sdtPlaceholder[sdtPlaceholder.length - 1] = true;
            }
            break;
          case 'w:p':
            builders.push(new ParagraphBuilder(ctx.emit));
            break;
          case 'w:r':
            runHidden = false;
            break;
          case 'w:vanish':
          case 'w:webHidden':
            if (
              parent === 'w:rPr' &&
              names[names.length - 3] === 'w:r' &&
              attrs['w:val'] !== '0' &&
              attrs['w:val'] !== 'false'
            ) {
              runHidden = true;
            }
            break;
          case 'w:t':
            inText = !runHidden;
            break;
          case 'w:instrText':
            inCode = true;
            break;
          case 'w:fldChar':
            if (attrs['w:fldCharType'] === 'begin') fieldCode = '';
            else endField();
            break;
          case 'w:fldSimple':
            if (attrs['w:instr']) emitIndexEntry(attrs['w:instr'], ctx.emit);
            break;
          case 'w:tab':
          case 'w:br':
          case 'w:cr':
            if (!runHidden && parent === 'w:r') builders[builders.length - 1]?.text(' ');
            break;
          case 'w:noBreakHyphen':
            builders[builders.length - 1]?.text('-');
            break;
          case 'wp:docPr':
          case 'pic:cNvPr':
            if (attrs.descr?.trim()) ctx.emit(collapseSpace(attrs.descr));
            break;
        }
      },
      close(name) {
        names.pop();
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (name === 'w:t') inText = false;
        else if (name === 'w:instrText') inCode = false;
        else if (name === 'w:sdt') sdtPlaceholder.pop();
        else if (name === 'w:p') builders.pop()?.flush();
        else if (name === 'w:r') runHidden = false;
      },
      text(t) {
        if (inText && skipDepth === 0) builders[builders.length - 1]?.text(t);
        else if (inCode && skipDepth === 0 && fieldCode !== undefined) fieldCode += t;
      },
    },
    { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth },
  );
}
