import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contextHash, InMemoryTranslationMemory, readTmx, readXliffPairs, scoreMatch } from '../src/index.ts';
import type { TmUnit } from '../src/index.ts';
import { analyse } from './helpers.ts';

const PARAGRAPHS: [string, string][] = [
  [
    'Debian is a free operating system. It comes with over 59,000 packages. Each one is easy to install.',
    'Debian es un sistema operativo libre. Incluye más de 59.000 paquetes. Cada uno es fácil de instalar.',
  ],
  [
    'The package manager resolves dependencies. Use apt to install software.',
    'El gestor de paquetes resuelve las dependencias. Use apt para instalar software.',
  ],
  // the translator joined two sentences into one: the unit stays whole
  ['Back up your data first. Then upgrade.', 'Haga una copia de sus datos antes de actualizar.'],
];

const tmx = (units: [string, string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" segtype="paragraph" datatype="plaintext" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>${units
    .map(
      ([s, t]) => `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="es"><seg>${t}</seg></tuv></tu>`,
    )
    .join('\n')}</body></tmx>`;

async function collect(it: AsyncIterable<TmUnit>): Promise<TmUnit[]> {
  const out: TmUnit[] = [];
  for await (const u of it) out.push(u);
  return out;
}

describe('memory units are segmented like documents', () => {
  it('TMX: sentence pairs when source and target split alike, plus the whole unit; otherwise the whole unit', async () => {
    const units = await collect(
      readTmx(Readable.from([Buffer.from(tmx(PARAGRAPHS))]), { sourceLanguage: 'en', targetLanguage: 'es' }),
    );
    // (the chain holds each sentence back until its successor is known, so the order interleaves)
    expect(units.map((u) => [u.source, u.target]).sort()).toEqual(
      [
        ['Debian is a free operating system.', 'Debian es un sistema operativo libre.'],
        ['It comes with over 59,000 packages.', 'Incluye más de 59.000 paquetes.'],
        ['Each one is easy to install.', 'Cada uno es fácil de instalar.'],
        PARAGRAPHS[0],
        ['The package manager resolves dependencies.', 'El gestor de paquetes resuelve las dependencias.'],
        ['Use apt to install software.', 'Use apt para instalar software.'],
        PARAGRAPHS[1],
        PARAGRAPHS[2],
      ].sort(),
    );
    // sentences carry the context of their neighbouring sentences; the extra whole unit none
    const by = (source: string) => units.find((u) => u.source === source);
    expect(by('It comes with over 59,000 packages.')?.prevHash).toBe(
      contextHash('Debian is a free operating system.'),
    );
    expect(by('Each one is easy to install.')?.nextHash).toBe(
      contextHash('The package manager resolves dependencies.'),
    );
    expect(by(PARAGRAPHS[0]![0])?.prevHash).toBeUndefined();
  });

  it('XLIFF: the same for delivered files', async () => {
    const x = `<?xml version="1.0"?><xliff version="1.2"><file source-language="en" target-language="es"><body>${PARAGRAPHS.map(
      ([s, t], i) => `<trans-unit id="${i}"><source>${s}</source><target>${t}</target></trans-unit>`,
    ).join('')}</body></file></xliff>`;
    const units = await collect(readXliffPairs(Readable.from([Buffer.from(x)]), { sourceLanguage: 'en' }));
    expect(units).toHaveLength(8);
    expect(units[4]?.source).toBe('The package manager resolves dependencies.');
  });

  it('a PO file whose every paragraph is in a paragraph-level TMX matches in full', async () => {
    const memory = new InMemoryTranslationMemory();
    await memory.addAll(
      readTmx(Readable.from([Buffer.from(tmx(PARAGRAPHS))]), { sourceLanguage: 'en', targetLanguage: 'es' }),
    );
    // the paragraphs whose translation keeps the sentences (the third one's does not)
    const po = PARAGRAPHS.slice(0, 2)
      .map(([s]) => `msgid "${s}"\nmsgstr ""\n`)
      .join('\n');
    const bands = (await analyse({ 'doc.po': po }, { memory: () => memory })).totals.es!;
    expect(bands.total_words).toBe(18 + 10);
    expect(bands.no_match).toBe(0);
    expect(bands.percent50 + bands.percent75 + bands.percent85 + bands.percent95).toBe(0);
    expect(bands.percent100 + bands.percent101).toBe(bands.total_words);
  });

  it('a difference only in final punctuation, case or spacing scores 95–99', () => {
    expect(scoreMatch('Save the document!', 'Save the document.')).toBe(99);
    expect(scoreMatch('Save the document', 'Save the document.')).toBe(99);
    expect(scoreMatch('save the document!', 'Save the document.')).toBe(98);
    expect(scoreMatch('Save the document .', 'Save the document.')).toBe(99);
    expect(scoreMatch('Save the  document ,now', 'Save the document, now')).toBe(99);
    expect(scoreMatch('SAVE THE DOCUMENT!', 'save the document .')).toBe(98);
    // a changed word is a real fuzzy match, not a near-identical one
    expect(scoreMatch('Save the file.', 'Save the document.')).toBeLessThan(95);
  });

  it('in a task, "document!" against a memory holding "document." lands in 95–99', async () => {
    const memory = new InMemoryTranslationMemory();
    memory.add({ source: 'Open the document.', target: 'Abra el documento.' });
    const bands = (await analyse({ 'a.txt': 'Open the document!\n' }, { memory: () => memory })).totals.es!;
    expect(bands.percent95).toBe(3);
  });
});
