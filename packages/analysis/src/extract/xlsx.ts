import { isNumbersOnly } from '../count/words.ts';
import type { ZipArchive } from '../zip/archive.ts';
import type { ExtractContext } from './context.ts';
import { parseXml } from './xml.ts';
import { collapseSpace } from '../normalize.ts';

/**
 * Excel (.xlsx): every cell holding text (shared or inline strings), in sheet order, and cell
 * comments. Numbers, dates, formulas and cells with no letters do not count.
 */
export async function extractXlsx(zip: ZipArchive, ctx: ExtractContext): Promise<void> {
  const opts = { signal: ctx.signal, maxDepth: ctx.limits.maxXmlDepth };
  const shared: string[] = [];
  const sst = zip.get('xl/sharedStrings.xml');
  if (sst) {
    let parts: string[] = [];
    let inSi = false;
    let inT = false;
    let phonetic = 0;
    await parseXml(
      await zip.openStream(sst),
      {
        open(name) {
          if (name === 'si') {
            inSi = true;
            parts = [];
          } else if (name === 'rPh') phonetic++;
          else if (name === 't' && inSi && phonetic === 0) inT = true;
        },
        close(name) {
          if (name === 'si') {
            shared.push(parts.join(''));
            inSi = false;
          } else if (name === 'rPh') phonetic--;
          else if (name === 't') inT = false;
        },
        text(t) {
          if (inT) parts.push(t);
        },
      },
      opts,
    );
  }
  const emitCell = (text: string) => {
    const t = collapseSpace(text);
    if (t && !isNumbersOnly(t)) ctx.emit(t);
  };
  for (const sheet of zip.find(/^xl\/worksheets\/sheet\d*\.xml$/)) {
    let type = '';
    let value: string[] = [];
    let inValue = false;
    let inInline = false;
    await parseXml(
      await zip.openStream(sheet),
      {
        open(name, attrs) {
          if (name === 'c') {
            type = attrs.t ?? 'n';
            value = [];
          } else if (name === 'v' && type === 's') inValue = true;
          else if (name === 'is') inInline = true;
          else if (name === 't' && inInline) inValue = true;
        },
        close(name) {
          if (name === 'c') {
            if (type === 's') {
              const s = shared[Number.parseInt(value.join(''), 10)];
              if (s !== undefined) emitCell(s);
            } else if (type === 'inlineStr') emitCell(value.join(''));
          } else if (name === 'v' || name === 't') inValue = false;
          else if (name === 'is') inInline = false;
        },
        text(t) {
          if (inValue) value.push(t);
        },
      },
      opts,
    );
  }
  for (const comments of zip.find(/^xl\/comments\d*\.xml$/)) {
    let parts: string[] = [];
    let inText = false;
    let inT = false;
    await parseXml(
      await zip.openStream(comments),
      {
        open(name) {
          if (name === 'text') {
            inText = true;
            parts = [];
          } else if (name === 't' && inText) inT = true;
        },
        close(name) {
          if (name === 'text') {
            inText = false;
            emitCell(parts.join(''));
          } else if (name === 't') inT = false;
        },
        text(t) {
          if (inT) parts.push(t);
        },
      },
      opts,
    );
  }
}
