import { describe, expect, it } from 'vitest';
import { bestMatch, contextHash, IndexedTranslationMemory, KeptIndexes, scoreMatch } from '../src/index.ts';
import { PairInList } from './pair-in-list.ts';

const empty = contextHash('');
/** The best candidate's source for `text` in a new analysis (a new IndexedTranslationMemory). */
async function lookUp(memory: PairInList, kept: KeptIndexes, text: string) {
  const indexed = new IndexedTranslationMemory(memory, kept);
  const found = await indexed.findCandidates(
    { text, prevHash: empty, nextHash: empty },
    { minScore: 50, limit: 5 },
  );
  return found[0]?.source;
}

describe('an index kept between analyses (ADR 0027)', () => {
  it('gives a fuzzy unit with its score, which bestMatch takes instead of scoring it again', async () => {
    const memory = new PairInList('en>es');
    memory.add('Open the file before you print it.', 'Open the file.');
    const indexed = new IndexedTranslationMemory(memory, new KeptIndexes(100));
    const query = { text: 'Open the files before you print them.', prevHash: empty, nextHash: empty };
    const found = await indexed.findCandidates(query, { minScore: 50, limit: 1 });
    const score = scoreMatch(query.text, 'Open the file before you print it.');
    expect(found).toEqual([{ source: 'Open the file before you print it.', score }]);
    expect(bestMatch(query, found).score).toBe(score);
    expect(bestMatch(query, [{ source: 'Open the file before you print it.', score: 61 }]).score).toBe(61);
    // An identical unit comes without a score: its context decides 100 or 101 (none is stored here).
    const exact = await indexed.findCandidates(
      { ...query, text: 'Open the file.' },
      { minScore: 50, limit: 1 },
    );
    expect(exact).toEqual([{ source: 'Open the file.' }]);
    expect(bestMatch({ ...query, text: 'Open the file.' }, exact).score).toBe(100);
  });

  it('reads the pair once while its version stays, only the units added when it grows, and whole again when units are removed or imported again', async () => {
    const kept = new KeptIndexes(1000);
    const memory = new PairInList('1:en:es');
    memory.add('Open the file.', 'Close the window.', 'Print the page.');
    expect(await lookUp(memory, kept, 'Open the file.')).toBe('Open the file.');
    const pages = memory.pagesRead;
    expect(pages).toBe(2);
    // Later analyses of the same pair: no page read.
    expect(await lookUp(memory, kept, 'Close the window.')).toBe('Close the window.');
    expect(await lookUp(memory, kept, 'Print the pages.')).toBe('Print the page.');
    expect(memory.pagesRead).toBe(pages);

    // Units added (a delivery fed the memory): only they are read, one page, and found.
    memory.add('Save the document as a new file.');
    expect(await lookUp(memory, kept, 'Save the document as a new file.')).toBe(
      'Save the document as a new file.',
    );
    expect(memory.pagesRead).toBe(pages + 1);
    memory.add('Export the page as a PDF file.', 'Send the page by e-mail.', 'Close the program.');
    expect(await lookUp(memory, kept, 'Send the page by e-mail!')).toBe('Send the page by e-mail.');
    expect(await lookUp(memory, kept, 'Print the pages.')).toBe('Print the page.');
    expect(memory.pagesRead).toBe(pages + 3);

    // A unit removed: the pair is read again whole (7 units, 4 pages).
    memory.remove('Close the window.');
    expect(await lookUp(memory, kept, 'Close the window.')).not.toBe('Close the window.');
    expect(memory.pagesRead).toBe(pages + 7);
    // Removed and added at once (as many units as before): read whole again.
    memory.remove('Print the page.');
    memory.add('Open the settings.');
    expect(await lookUp(memory, kept, 'Print the page.')).not.toBe('Print the page.');
    expect(await lookUp(memory, kept, 'Open the settings.')).toBe('Open the settings.');
    expect(memory.pagesRead).toBe(pages + 11);

    // The pair deleted and imported again with as many units: new ids.
    const count = memory.units.length;
    memory.units.splice(0);
    memory.add(...Array.from({ length: count }, (_, i) => `Unit number ${i} of the new import.`));
    expect(await lookUp(memory, kept, 'Open the file.')).toBeUndefined();
    expect(await lookUp(memory, kept, 'Unit number 2 of the new import.')).toBe(
      'Unit number 2 of the new import.',
    );
    expect(kept.pairs).toEqual(['1:en:es']);
  });

  it('keeps other pairs while they fit, dropping the least recently used first but never the newest', async () => {
    const kept = new KeptIndexes(5);
    const pair = (name: string, units: number) => {
      const memory = new PairInList(name);
      memory.add(...Array.from({ length: units }, (_, i) => `Sentence ${i} of pair ${name}.`));
      return memory;
    };
    const a = pair('a', 2);
    const b = pair('b', 2);
    const c = pair('c', 3);
    const big = pair('big', 8);
    await lookUp(a, kept, 'Sentence 1 of pair a.');
    await lookUp(b, kept, 'Sentence 1 of pair b.');
    expect(kept.pairs).toEqual(['a', 'b']);
    await lookUp(a, kept, 'Sentence 0 of pair a.');
    expect(kept.pairs).toEqual(['b', 'a']);
    await lookUp(c, kept, 'Sentence 0 of pair c.');
    expect(kept.pairs).toEqual(['a', 'c']);
    await lookUp(big, kept, 'Sentence 0 of pair big.');
    expect(kept.pairs).toEqual(['big']);
    const read = a.pagesRead;
    expect(await lookUp(a, kept, 'Sentence 1 of pair a.')).toBe('Sentence 1 of pair a.');
    expect(a.pagesRead).toBeGreaterThan(read);
  });

  it('reads a pair again after a read that failed', async () => {
    const kept = new KeptIndexes(100);
    const memory = new PairInList('2:en:de');
    memory.add('Open the file.');
    const read = memory.sourcesAfter.bind(memory);
    memory.sourcesAfter = async () => {
      throw new Error('connection lost');
    };
    await expect(lookUp(memory, kept, 'Open the file.')).rejects.toThrow('connection lost');
    memory.sourcesAfter = read;
    expect(await lookUp(memory, kept, 'Open the file.')).toBe('Open the file.');
  });

  it('reads the pair whole after a read of the units added that failed half-way', async () => {
    const kept = new KeptIndexes(100);
    const memory = new PairInList('3:en:fr');
    memory.add('Open the file.', 'Close the window.');
    expect(await lookUp(memory, kept, 'Open the file.')).toBe('Open the file.');
    memory.add('Print the page.', 'Save the page.', 'Export the page.');
    const read = memory.sourcesAfter.bind(memory);
    let pages = 0;
    memory.sourcesAfter = async (cursor) => {
      if (++pages === 2) throw new Error('connection lost');
      return read(cursor);
    };
    await expect(lookUp(memory, kept, 'Export the page.')).rejects.toThrow('connection lost');
    expect(kept.pairs).toEqual([]);
    memory.sourcesAfter = read;
    const before = memory.pagesRead;
    expect(await lookUp(memory, kept, 'Export the page.')).toBe('Export the page.');
    expect(memory.pagesRead - before).toBe(3);
    // Each unit once: the failed read added nothing to the index it started from.
    const indexed = new IndexedTranslationMemory(memory, kept);
    const found = await indexed.findCandidates(
      { text: 'Print the pages.', prevHash: empty, nextHash: empty },
      { minScore: 50, limit: 10 },
    );
    expect(found.map((c) => c.source).filter((s) => s === 'Print the page.')).toHaveLength(1);
  });
});
