import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

const PAGE = 1000;

// Characters XML 1.0 refuses (C0 controls but tab, newline and return; lone surrogates; U+FFFE/F).
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// The analysis package writes each inline code as one private-use character (inline.ts).
const INLINE_CODE = /[\ue100-\ue17f]/g;

const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A segment's text with each inline code as an empty `<ph/>` (TMX keeps codes, not their markup). */
const segment = (text: string) => escapeXml(text).replace(INLINE_CODE, '<ph/>');

/**
 * A pair of a customer's memory as a TMX 1.4 document, streamed page by page (keyset paging by
 * unit id), so a memory of millions of units never sits in memory.
 */
export function tmxStream(db: Db, pair: repo.Pair, creationTool: string): Readable {
  const src = escapeXml(pair.source);
  const tgt = escapeXml(pair.target);
  async function* lines(): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n';
    yield `  <header creationtool="${escapeXml(creationTool)}" creationtoolversion="1" segtype="sentence" o-tmf="verba" adminlang="en" srclang="${src}" datatype="plaintext"/>\n  <body>\n`;
    let after = 0;
    for (;;) {
      const units = await repo.unitsAfter(db, pair, after, PAGE);
      if (!units.length) break;
      let chunk = '';
      for (const u of units) {
        chunk += `    <tu>\n      <tuv xml:lang="${src}"><seg>${segment(u.source)}</seg></tuv>\n      <tuv xml:lang="${tgt}"><seg>${segment(u.target)}</seg></tuv>\n    </tu>\n`;
      }
      yield chunk;
      after = units[units.length - 1]!.id;
      if (units.length < PAGE) break;
    }
    yield '  </body>\n</tmx>\n';
  }
  return Readable.from(lines());
}
