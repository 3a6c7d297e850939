import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contextHash, InMemoryTranslationMemory, matchScore, readTmx } from '../src/index.ts';
import { analyse, docx, wp } from './helpers.ts';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

/** A memory of three consecutive units from a product manual, read from a TMX written by a CAT tool. */
async function manualMemory(middle: string): Promise<InMemoryTranslationMemory> {
  const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="SDL Language Platform" datatype="xml" segtype="sentence" adminlang="en-US" srclang="en-US" o-tmf="SDL TM8 Format"/><body>
<tu><tuv xml:lang="en-US"><seg>Unpack the printer carefully.</seg></tuv><tuv xml:lang="es-ES"><seg>Desembale la impresora con cuidado.</seg></tuv></tu>
<tu><tuv xml:lang="en-US"><seg>${middle}</seg></tuv><tuv xml:lang="es-ES"><seg>Deje 10${NBSP}cm libres alrededor.</seg></tuv></tu>
<tu><tuv xml:lang="en-US"><seg>Connect the power cable.</seg></tuv><tuv xml:lang="es-ES"><seg>Conecte el cable de alimentación.</seg></tuv></tu>
</body></tmx>`;
  const memory = new InMemoryTranslationMemory();
  await memory.addAll(
    readTmx(Readable.from([Buffer.from(tmx)]), { sourceLanguage: 'en', targetLanguage: 'es' }),
  );
  return memory;
}

const page = (middle: string) =>
  `<html><body><p>Unpack the printer carefully.</p><p>${middle}</p><p>Connect the power cable.</p></body></html>`;

describe('spacing: identical words spaced otherwise are 100 %, never 101 %', () => {
  it('the same spacing in the same context is 101 %', async () => {
    const memory = await manualMemory('Leave 10 cm of free space around it.');
    const r = await analyse(
      { 'manual.html': page('Leave 10 cm of free space around it.') },
      { memory: () => memory },
    );
    expect(r.totals.es).toMatchObject({ total_words: 16, percent101: 16 });
  });

  it.each([
    [
      'a no-break space in the document',
      'Leave 10&nbsp;cm of free space around it.',
      'Leave 10 cm of free space around it.',
    ],
    [
      'a no-break space in the memory',
      'Leave 10 cm of free space around it.',
      `Leave 10${NBSP}cm of free space around it.`,
    ],
    [
      'a narrow no-break space',
      `Leave 10${NNBSP}cm of free space around it.`,
      'Leave 10 cm of free space around it.',
    ],
    [
      'a double space in the memory',
      'Leave 10 cm of free space around it.',
      'Leave 10 cm of  free space around it.',
    ],
    [
      'a trailing space in the memory',
      'Leave 10 cm of free space around it.',
      'Leave 10 cm of free space around it. ',
    ],
  ])('%s: 100 %', async (_what, inDocument, inMemory) => {
    const memory = await manualMemory(inMemory);
    const r = await analyse({ 'manual.html': page(inDocument) }, { memory: () => memory });
    // 8 words of the middle sentence at 100 %, its neighbours still in context
    expect(r.totals.es).toMatchObject({ total_words: 16, percent101: 8, percent100: 8 });
  });

  it('a double space in a plain-text or Word document against a memory spaced once: 100 %', async () => {
    const memory = await manualMemory('Leave 10 cm of free space around it.');
    const lines = [
      'Unpack the printer carefully.',
      'Leave 10 cm of  free space around it.',
      'Connect the power cable.',
    ];
    const txt = await analyse({ 'manual.txt': lines.join('\n') }, { memory: () => memory });
    expect(txt.totals.es).toMatchObject({ total_words: 16, percent101: 8, percent100: 8 });
    const word = await analyse({ 'manual.docx': docx(lines.map(wp).join('')) }, { memory: () => memory });
    // Word's runs are read as markup is (spaces collapsed), so the double space is not seen there
    expect(word.totals.es).toMatchObject({ total_words: 16, percent101: 16 });
  });

  it('matchScore: context alone no longer lifts a differently spaced text to 101', () => {
    const around = { prevHash: contextHash('Before.'), nextHash: contextHash('After.') };
    const query = { text: 'Leave 10 cm free.', ...around };
    expect(matchScore(query, { source: 'Leave 10 cm free.', ...around })).toBe(101);
    expect(matchScore(query, { source: 'Leave 10  cm free.', ...around })).toBe(100);
    expect(matchScore(query, { source: `Leave 10${NBSP}cm free.`, ...around })).toBe(100);
    expect(matchScore(query, { source: 'Leave 10 cm free. ', ...around })).toBe(100);
  });
});
