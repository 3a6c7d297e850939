import { describe, expect, it } from 'vitest';
import { countWords } from '../src/index.ts';
import { analyse, paragraphsOf } from './helpers.ts';

const CAP = 64 * 1024;

describe('over-long paragraphs are cut at whitespace', () => {
  it('a single-line .txt comes in pieces under the cap, no word cut in two', async () => {
    const line = 'alpha beta gamma delta. '.repeat(25_000); // 600,000 characters, 100,000 words
    const r = await paragraphsOf('one-line.txt', line);
    expect(r.paragraphs.length).toBeGreaterThan(8);
    expect(Math.max(...r.paragraphs.map((p) => p.length))).toBeLessThanOrEqual(CAP);
    expect(r.paragraphs.reduce((n, p) => n + countWords(p, 'en').words, 0)).toBe(100_000);
  });

  it('an XML document with one huge text node is cut the same way', async () => {
    const text = 'Every word counts here. '.repeat(20_000); // 480,000 characters
    const r = await paragraphsOf('big.xml', `<?xml version="1.0"?><doc><p>${text}</p></doc>`);
    expect(Math.max(...r.paragraphs.map((p) => p.length))).toBeLessThanOrEqual(CAP);
    expect(r.paragraphs.reduce((n, p) => n + countWords(p, 'en').words, 0)).toBe(80_000);
  });

  it('the task counts the same words, repetitions included, while streaming the paragraphs', async () => {
    const line = Array.from({ length: 30_000 }, (_, i) => `Sentence number ${i % 20_000} is here.`).join(' ');
    const bands = (await analyse({ 'long.txt': line })).totals.es!;
    expect(bands.total_words).toBe(30_000 * 5);
    expect(bands.repetitions).toBe(10_000 * 5);
    expect(bands.no_match).toBe(20_000 * 5);
  });
});
