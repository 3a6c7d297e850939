import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { contextHash, InMemoryTranslationMemory } from '../src/index.ts';
import { SegmentSpool } from '../src/segment-spool.ts';
import { analyse } from './helpers.ts';

const spoolFolders = () => readdirSync(tmpdir()).filter((d) => d.startsWith('verba-spool-'));

describe('segments kept for memory lookups are spooled to disk past a threshold', () => {
  it('gives the segments back in order, from the file and the heap, and removes its file', async () => {
    const spool = new SegmentSpool(3);
    const texts = Array.from({ length: 10 }, (_, i) => `Segment ${i} with "quotes"\\ and a\nnewline`);
    texts.forEach((text, i) => spool.push({ text, words: i, characters: i * 2, repetition: i % 2 === 0 }));
    expect(spool.length).toBe(10);
    const out = [];
    for await (const s of spool.drain()) out.push(s);
    expect(out.map((s) => s.text)).toEqual(texts);
    expect(out[4]).toEqual({ text: texts[4], words: 4, characters: 8, repetition: true });
    expect(spool.length).toBe(0);
  });

  it('removes its file when dropped before it is drained', () => {
    const before = spoolFolders().length;
    const spool = new SegmentSpool(2);
    for (let i = 0; i < 5; i++) spool.push({ text: `t${i}`, words: 1, characters: 2, repetition: false });
    expect(spoolFolders().length).toBe(before + 1);
    spool.dispose();
    expect(spoolFolders().length).toBe(before);
  });

  it('a document longer than the heap part bands every segment, in-context matches across the cut included', async () => {
    const sentences = Array.from({ length: 9_000 }, (_, i) => `Distinct sentence number ${i} of the manual.`);
    const tm = new InMemoryTranslationMemory();
    // An in-context unit on each side of the 4,096-segment boundary, and a plain exact unit.
    for (const i of [4094, 4095, 4096, 4097]) {
      tm.add({
        source: sentences[i] as string,
        target: `Frase ${i}.`,
        prevHash: contextHash(sentences[i - 1] as string),
        nextHash: contextHash(sentences[i + 1] as string),
      });
    }
    tm.add({ source: sentences[100] as string, target: 'Frase 100.' });
    const before = spoolFolders().length;
    const bands = (await analyse({ 'manual.txt': sentences.join('\n') }, { memory: () => tm })).totals.es!;
    const words = 7; // "Distinct sentence number 4096 of the manual."
    expect(bands.total_words).toBe(9_000 * words);
    expect(bands.percent101).toBe(4 * words);
    expect(bands.percent100).toBeGreaterThanOrEqual(words);
    expect(spoolFolders().length).toBe(before);
  });
});
