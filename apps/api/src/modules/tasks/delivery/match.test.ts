import { describe, expect, it } from 'vitest';
import { languageOf, proposeMatches } from './match.ts';

const sources = [
  { id: 1, file_name: 'guide.docx' },
  { id: 2, file_name: 'intro.txt' },
];
const es = { id: 10, iso: 'es' };
const ca = { id: 11, iso: 'ca' };
const ptBR = { id: 12, iso: 'pt-BR' };
const targets = [es, ca];

const pick = (
  paths: string[],
  t = targets,
  delivered: Array<{ source_file_id: number; language_id: number }> = [],
) =>
  proposeMatches(paths, sources, t, delivered).map((p) => [
    p.name,
    p.source_file_id,
    p.language_id,
    p.rule ?? p.reason,
  ]);

describe('matching delivered files', () => {
  it('by a language folder', () => {
    expect(pick(['es/guide.docx', 'batch/CA/intro.txt'])).toEqual([
      ['es/guide.docx', 1, 10, 'folder'],
      ['batch/CA/intro.txt', 2, 11, 'folder'],
    ]);
  });

  it('by a language suffix: dot, underscore with a region, hyphen', () => {
    expect(pick(['guide.es.docx', 'guide_es-ES.docx', 'guide-ca.docx', 'intro_CA.txt'])).toEqual([
      ['guide.es.docx', 1, 10, 'suffix'],
      ['guide_es-ES.docx', null, null, 'duplicate'],
      ['guide-ca.docx', 1, 11, 'suffix'],
      ['intro_CA.txt', 2, 11, 'suffix'],
    ]);
  });

  it('by the name alone only when one language is missing', () => {
    expect(pick(['guide.docx'])).toEqual([['guide.docx', null, null, 'ambiguous_language']]);
    expect(pick(['guide.docx'], targets, [{ source_file_id: 1, language_id: 10 }])).toEqual([
      ['guide.docx', 1, 11, 'name'],
    ]);
    // claimed by another file of the batch
    expect(pick(['es/guide.docx', 'guide.docx'])).toEqual([
      ['es/guide.docx', 1, 10, 'folder'],
      ['guide.docx', 1, 11, 'name'],
    ]);
    // one target language: the name is enough, even to replace a delivered file
    expect(pick(['intro.txt'], [es], [{ source_file_id: 2, language_id: 10 }])).toEqual([
      ['intro.txt', 2, 10, 'name'],
    ]);
  });

  it('another extension of the same name; unknown names stay unmatched', () => {
    expect(pick(['es/guide.pdf', 'notes.txt', 'es/other.docx'])).toEqual([
      ['es/guide.pdf', 1, 10, 'folder'],
      ['notes.txt', null, null, 'no_source'],
      ['es/other.docx', null, null, 'no_source'],
    ]);
  });

  it('language tags: exact region first, then the language when only one target has it', () => {
    expect(languageOf('pt_br', [ptBR])).toBe(ptBR);
    expect(languageOf('pt', [ptBR])).toBe(ptBR);
    expect(languageOf('pt', [ptBR, { id: 13, iso: 'pt' }])?.id).toBe(13);
    expect(languageOf('es-MX', [{ id: 14, iso: 'es-MX' }, es])?.id).toBe(14);
    expect(languageOf('docs', targets)).toBeUndefined();
  });
});

describe('paths in the translations zip', () => {
  it('<language>/<delivered name and extension>, a suffix when a path repeats', async () => {
    const { uniqueZipPaths } = await import('./files.ts');
    expect(
      uniqueZipPaths([
        { iso: 'es', source: 'ch03.xlsx', name: 'ch03.es.xlsx' },
        { iso: 'es', source: 'guide.docx', name: 'translated.docx' },
        { iso: 'es', source: 'Guide.doc', name: 'Translated.docx' },
        { iso: 'es', source: 'guide.doc', name: 'x.docx' },
        { iso: 'ca', source: 'guide.docx', name: 'guia.docx' },
        { iso: 'ca', source: 'notes', name: 'notes-ca' },
        { iso: 'ca', source: 'fallback.txt', name: '' },
      ]),
    ).toEqual([
      'es/ch03.es.xlsx',
      'es/translated.docx',
      'es/Translated (2).docx',
      'es/x.docx',
      'ca/guia.docx',
      'ca/notes-ca',
      'ca/fallback.txt',
    ]);
  });
});
