/**
 * A glossary's terms written out for the staff who load them into a CAT tool: a normalised CSV
 * (UTF-8 with BOM, comma, CRLF, a header of ISO codes) and TBX-Basic (ISO 30042 `martif`, the
 * dialect memoQ, Trados MultiTerm, Phrase and Xbench import).
 */
import { CSV_BOM, csvLine } from '@verba/contracts';

export interface ExportGlossary {
  id: number;
  name: string;
  type: '1' | '2';
  /** ISO codes in the order of each row's terms. */
  languages: string[];
}

export interface ExportTerm {
  terms: string[];
  note: string | null;
}

/** Text for XML content or an attribute value; characters XML 1.0 forbids are dropped. */
export const xmlText = (value: string) =>
  value
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The parts of one export: what opens the file, one row's text, what closes it. */
interface Writer {
  head: (glossary: ExportGlossary) => string;
  entry: (glossary: ExportGlossary, term: ExportTerm, index: number) => string;
  tail: string;
}

const csvWriter: Writer = {
  head: (g) => `${CSV_BOM}${csvLine(g.type === '1' ? [...g.languages, 'note'] : g.languages)}`,
  entry: (g, term) => csvLine(g.type === '1' ? [...term.terms, term.note ?? ''] : term.terms),
  tail: '',
};

const tbxWriter: Writer = {
  head: (g) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">',
      `<martif type="TBX-Basic" xml:lang="${xmlText(g.languages[0] ?? 'en')}">`,
      '  <martifHeader>',
      '    <fileDesc>',
      `      <titleStmt><title>${xmlText(g.name)}</title></titleStmt>`,
      `      <sourceDesc><p>Verba glossary ${g.id} (${g.type === '1' ? 'unidirectional' : 'equivalent terms'})</p></sourceDesc>`,
      '    </fileDesc>',
      '    <encodingDesc><p type="XCSURI">TBXBasicXCSV02.xcs</p></encodingDesc>',
      '  </martifHeader>',
      '  <text>',
      '    <body>',
      '',
    ].join('\n'),
  entry: (g, term, index) => {
    let entry = `      <termEntry id="c${index}">\n`;
    if (term.note) entry += `        <note>${xmlText(term.note)}</note>\n`;
    term.terms.forEach((text, column) => {
      entry += `        <langSet xml:lang="${xmlText(g.languages[column] ?? '')}">\n`;
      entry += `          <tig><term>${xmlText(text)}</term></tig>\n        </langSet>\n`;
    });
    return `${entry}      </termEntry>\n`;
  },
  tail: '    </body>\n  </text>\n</martif>\n',
};

/** The export as text chunks, reading the terms batch by batch (never all of them at once). */
export async function* renderGlossary(
  format: 'csv' | 'tbx',
  glossary: ExportGlossary,
  batches: AsyncIterable<ExportTerm[]>,
): AsyncGenerator<string> {
  const writer = format === 'csv' ? csvWriter : tbxWriter;
  yield writer.head(glossary);
  let index = 0;
  for await (const batch of batches) {
    let chunk = '';
    for (const term of batch) chunk += writer.entry(glossary, term, ++index);
    yield chunk;
  }
  if (writer.tail) yield writer.tail;
}
