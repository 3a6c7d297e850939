import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory, readTmx } from '../src/index.ts';
import { analyse } from './helpers.ts';

/**
 * A worked example. The memory (en -> es) holds, in this order:
 *   U1 "The printer is ready."                       U5 "Turn off the power."
 *   U2 "Press the green button to start."            U6 "Insert 3 sheets."
 *   U3 "Remove the paper tray before cleaning."      U7 "Open the cover and check the cartridge."
 *   U4 "The quick brown fox ... near the river bank." U8 "Save the document before closing the window."
 */
const memoryUnits: string[] = [
  'The printer is ready.',
  'Press the green button to start.',
  'Remove the paper tray before cleaning.',
  'The quick brown fox jumps over the lazy dog near the river bank.',
  'Turn off the power.',
  'Insert 3 sheets.',
  'Open the cover and check the cartridge.',
  'Save the document before closing the window.',
];

const a = [
  'The printer is ready.', // 4 words, exact, same neighbours as U1 (start, U2)  -> 101
  'Press the green button to start.', // 6, exact, next differs from U3            -> 100
  'Remove the paper tray before printing.', // 6, 1 of 7 tokens differs: 85          -> 85-94
  'The quick brown fox jumps over the lazy dog near the river.', // 12, 1 of 14: 92  -> 85-94
  'turn off the power.', // 4, case only: 99                                         -> 95-99
  'Insert 2 sheets.', // 3, number only: 98                                          -> 95-99
  'Open the lid and replace the cartridge.', // 7, 2 of 8: 75                        -> 75-84
  'Save the file before you close it.', // 7, 4 of 8: 50                             -> 50-74
  'Completely unrelated sentence here.', // 4                                        -> no match
  'Completely unrelated sentence here.', // 4, seen before                           -> repetition
].join('\n');

const b = [
  'The printer is ready.', // 4: exact but other neighbours (100), and seen in a.txt -> repetition
  'Turn off the power.', // 4: exact, other neighbours, first time with this case      -> 100
].join('\n');

async function memory(): Promise<InMemoryTranslationMemory> {
  const text = `<tmx version="1.4"><header srclang="en"/><body>${memoryUnits
    .map(
      (s) => `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="es"><seg>ES ${s}</seg></tuv></tu>`,
    )
    .join('')}</body></tmx>`;
  const tm = new InMemoryTranslationMemory();
  await tm.addAll(readTmx(Readable.from([text]), { sourceLanguage: 'en', targetLanguage: 'es' }));
  return tm;
}

describe('bands on a worked example', () => {
  it('places every segment in the band written out by hand, per file and per target', async () => {
    const tm = await memory();
    const r = await analyse(
      { 'a.txt': a, 'b.txt': b },
      { targets: ['es', 'fr'], memory: (t) => (t === 'es' ? tm : new InMemoryTranslationMemory()) },
    );
    const [fa, fb] = r.files;
    expect(fa?.byTarget.es).toEqual({
      total_words: 57,
      characters: expect.any(Number),
      percent101: 4,
      percent100: 6,
      percent95: 7,
      percent85: 18,
      percent75: 7,
      percent50: 7,
      no_match: 4,
      repetitions: 4,
    });
    expect(fb?.byTarget.es).toMatchObject({
      total_words: 8,
      percent100: 4,
      repetitions: 4,
      percent101: 0,
      no_match: 0,
    });
    // No memory for French: everything is new except the repetitions.
    expect(fa?.byTarget.fr).toMatchObject({ total_words: 57, no_match: 53, repetitions: 4 });
    expect(fb?.byTarget.fr).toMatchObject({ total_words: 8, no_match: 4, repetitions: 4 });
    expect(r.totals.es).toMatchObject({ total_words: 65, percent100: 10, repetitions: 8 });
  });

  it('a repetition in the context of its unit is a 101 % match; a fuzzy repetition stays a repetition', async () => {
    const tm = await memory();
    const doc = [
      'Press the green button to start.', // 6, exact, other neighbours: 100
      'The printer is ready.', // 4, exact, other neighbours: 100
      'Press the green button to start.', // 6, seen before, but U1 before and U3 after it: 101
      'Remove the paper tray before cleaning.', // 6, exact, other neighbours: 100
      'Remove the paper tray before printing.', // 6, 85-94
      'Remove the paper tray before printing.', // 6, seen before: repetition, not 85-94
    ].join('\n');
    const r = await analyse({ 'c.txt': doc }, { targets: ['es'], memory: () => tm });
    expect(r.files[0]?.byTarget.es).toMatchObject({
      total_words: 34,
      percent101: 6,
      percent100: 16,
      percent85: 6,
      repetitions: 6,
    });
  });

  it('repetitions: normalised whitespace and tag case; the first occurrence is not one; across files and archive members', async () => {
    const r = await analyse({
      'one.txt': 'Save your work.\nSave  your   work.',
      'two.po': 'msgid "Click <B>here</B>."\nmsgstr ""\n\nmsgid "Click <b>here</b>."\nmsgstr ""\n',
      'three.txt': 'save your work.\nSave your work.',
    });
    expect(r.files.map((f) => [f.byTarget.es?.total_words, f.byTarget.es?.repetitions])).toEqual([
      [6, 3],
      [4, 2],
      [6, 3],
    ]);
  });

  it('bands add up to the total for CJK sources and report characters', async () => {
    const r = await analyse(
      { 'ja.txt': '今日は晴れです。明日は雨です。\n今日は晴れです。' },
      { source: 'ja' },
    );
    const bands = r.files[0]?.byTarget.es;
    // 23 characters (punctuation included), 20 of them Japanese: 20 / 3.0 = 6.67 words
    expect(bands?.characters).toBe(23);
    expect(bands?.total_words).toBe(7);
    const sum = bands
      ? bands.percent101 +
        bands.percent100 +
        bands.percent95 +
        bands.percent85 +
        bands.percent75 +
        bands.percent50 +
        bands.no_match +
        bands.repetitions
      : -1;
    expect(sum).toBe(bands?.total_words);
    expect(bands?.repetitions).toBe(2);
  });
});
