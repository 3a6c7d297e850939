import { describe, expect, it } from 'vitest';
import { bandFloors, bandFor, CandidateIndex, normalizeSegment, scoreMatch } from '../src/index.ts';
import { scorerFor } from '../src/tm/score.ts';
import { DocText } from './doc-text.ts';

/** The best score over every unit: the exhaustive answer. */
function exhaustive(sources: readonly string[], segment: string): number {
  const score = scorerFor(segment);
  let best = 0;
  for (const s of sources) best = Math.max(best, score(s));
  return best;
}

describe('CandidateIndex', () => {
  it(
    'finds the best-scoring unit of every segment, as scoring the whole memory does',
    { timeout: 120_000 },
    () => {
      const text = new DocText(7, 3000);
      const sources: string[] = [];
      for (let i = 0; i < 2000; i++) {
        const r = text.random();
        const previous = sources[text.int(Math.max(1, sources.length))];
        sources.push(previous && r < 0.25 ? text.variant(previous) : text.sentence());
      }
      const index = new CandidateIndex();
      for (const s of sources) index.add(s);
      // Segments: edits of units (fuzzy), near-identical ones (case, final punctuation, spacing),
      // new sentences (mostly no match) and units as they are.
      const segments: string[] = [];
      for (let i = 0; i < 400; i++) {
        const unit = sources[text.int(sources.length)] as string;
        const r = text.random();
        if (r < 0.4) segments.push(text.variant(unit));
        else if (r < 0.5) segments.push(text.variant(text.variant(text.variant(unit))));
        else if (r < 0.6) segments.push(`${unit.toLowerCase().replace(/\.$/, '')}!`);
        else if (r < 0.65) segments.push(unit.replace(' ', '  '));
        else if (r < 0.9) segments.push(text.sentence());
        else segments.push(unit);
      }
      let compared = 0;
      let fuzzy = 0;
      for (const segment of segments) {
        const want = exhaustive(sources, segment);
        const found = index.search(segment, 50, 10);
        if (found.identical.length) {
          expect(sources.some((s) => normalizeSegment(s) === normalizeSegment(segment))).toBe(true);
          expect(want).toBe(100);
          continue;
        }
        const got = found.matches[0]?.score ?? 0;
        // Below 50 every score is "no match": only the band's floor matters there.
        expect(got >= 50 ? got : 0, segment).toBe(want >= 50 ? want : 0);
        for (const m of found.matches) expect(scoreMatch(segment, index.source(m.id))).toBe(m.score);
        // Looked up for its band only, as an analysis does: the same band, each unit its own score.
        const forBand = index.search(segment, 50, 10, bandFloors);
        expect(bandFor(forBand.matches[0]?.score ?? 0), segment).toBe(bandFor(want));
        for (const m of forBand.matches) expect(scoreMatch(segment, index.source(m.id))).toBe(m.score);
        compared++;
        if (want >= 50 && want < 100) fuzzy++;
      }
      expect(compared).toBeGreaterThan(300);
      expect(fuzzy).toBeGreaterThan(150);
    },
  );

  it('says when a unit is the segment itself, whatever its spacing', () => {
    const index = new CandidateIndex();
    index.add('Open  the file.');
    index.add('Close the file.');
    index.add('Open the file.');
    expect(index.search('Open the file.', 50, 10)).toEqual({ identical: [2, 0], matches: [] });
    const near = index.search('open the file!', 50, 10);
    expect(near.identical).toEqual([]);
    expect(near.matches[0]?.score).toBe(scoreMatch('open the file!', 'Open the file.'));
  });

  it('finds a unit of common words only among many that share some of them', () => {
    const index = new CandidateIndex();
    for (let i = 0; i < 20_000; i++)
      index.add(`the file of the system and the user ${i % 7 ? 'is' : 'was'} here`);
    index.add('the file of the system');
    const found = index.search('the file of the system.', 50, 5);
    expect(found.matches[0]).toEqual({
      id: 20_000,
      score: scoreMatch('the file of the system.', 'the file of the system'),
    });
    expect(index.search('Delta epsilon.', 50, 5).matches).toEqual([]);
  });

  it('finds the best unit of a segment of more than 255 tokens, whose counts take two bytes', () => {
    const text = new DocText(11, 500);
    const sentences = Array.from({ length: 40 }, () => text.sentence());
    const long = sentences.join(' ');
    const index = new CandidateIndex();
    for (let i = 0; i < 300; i++) index.add(text.sentence());
    index.add(long);
    index.add(sentences.slice(0, 20).join(' '));
    const segment = sentences.map((s, i) => (i % 10 === 3 ? text.variant(s) : s)).join(' ');
    expect(segment.split(' ').length).toBeGreaterThan(255);
    const found = index.search(segment, 50, 5);
    expect(found.matches[0]).toEqual({ id: 300, score: scoreMatch(segment, long) });
    expect(found.matches[0]!.score).toBeGreaterThanOrEqual(75);
    expect(index.search(segment, 50, 5, bandFloors).matches[0]?.id).toBe(300);
  });

  it('keeps each unit’s text as it was, in any script, through reads and growth', () => {
    const texts = [
      'Épargnez l’énergie : réglez la température à 19 °C.',
      '保存してからウィンドウを閉じてください。',
      'Сохраните файл перед закрытием окна.',
      'Index 🔎︎ and ✔️ done, 👩🏽‍💻 at work 🇪🇸.',
      'a',
    ];
    const index = new CandidateIndex();
    // Enough text that the store grows several times, then is compacted when the lists are built.
    for (let i = 0; i < 3000; i++) index.add(`${texts[i % texts.length]} ${i}`);
    index.search('réglez la température', 50, 1);
    for (let i = 0; i < 3000; i += 7)
      expect(index.source(i)).toBe(normalizeSegment(`${texts[i % texts.length]} ${i}`));
    const added = index.add(texts[3]!);
    expect(index.search(texts[3]!, 50, 1).identical).toEqual([added]);
    expect(index.source(added)).toBe(normalizeSegment(texts[3]!));
    // And as another thread reads it, from the shared arrays.
    const view = new CandidateIndex(index.shared());
    expect(view.source(1)).toBe(index.source(1));
    expect(view.lookup(index.query(texts[1]!), 50, 1)).toEqual(index.search(texts[1]!, 50, 1));
  });

  it('finds units added after a search', () => {
    const index = new CandidateIndex();
    index.add('Save the file before you close the window.');
    expect(index.search('Delta epsilon zeta.', 50, 5).matches).toEqual([]);
    index.add('Print the report before you leave.');
    index.add('the the the report');
    const segment = 'Print the report before you leave the office.';
    expect(index.search(segment, 50, 5).matches[0]).toEqual({
      id: 1,
      score: scoreMatch(segment, 'Print the report before you leave.'),
    });
    expect(index.search('the the report the', 50, 5).matches[0]?.id).toBe(2);
    // Units are counted in length order: a shorter one added later moves the others' places, never
    // their ids.
    index.add('Print the report.');
    expect(index.search('Print the report before you leave the office.', 50, 5).matches[0]?.id).toBe(1);
    expect(index.search('Print the reports.', 50, 5).matches[0]).toEqual({
      id: 3,
      score: scoreMatch('Print the reports.', 'Print the report.'),
    });
  });
});
