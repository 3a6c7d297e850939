/**
 * The header row of a glossary CSV: which language each column holds. A column may be named by
 * the language's ISO code ("en", "pt-BR") or by its name in English, Spanish or Catalan.
 */

export interface GlossaryLanguage {
  id: number;
  iso_code: string;
  name_en: string;
  name_es: string;
  name_ca: string;
}

/** Lower case, no accents, no surrounding spaces or quotes: "Inglés " → "ingles". */
export const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/^[\s"'“”«»]+|[\s"'“”«»]+$/g, '')
    .toLowerCase();

const namesOf = (language: GlossaryLanguage) =>
  [language.iso_code, language.name_en, language.name_es, language.name_ca].map(normalise);

/** The language a header cell names, among `languages`, or null. */
export function languageNamed(cell: string, languages: GlossaryLanguage[]): GlossaryLanguage | null {
  const wanted = normalise(cell).replace(/_/g, '-');
  return languages.find((language) => namesOf(language).includes(wanted)) ?? null;
}

export interface HeaderColumn {
  value: string;
  language: GlossaryLanguage | null;
}

export const headerColumns = (cells: string[], languages: GlossaryLanguage[]): HeaderColumn[] =>
  cells.map((value) => ({ value: value.trim(), language: languageNamed(value, languages) }));

/** Words a type-1 header uses for its columns (en, es, ca), besides language names. */
const TYPE1_WORDS = new Set(
  [
    'source',
    'source term',
    'target',
    'target term',
    'note',
    'notes',
    'comment',
    'comments',
    'term',
    'origen',
    'termino origen',
    'termino de origen',
    'destino',
    'termino destino',
    'termino de destino',
    'nota',
    'notas',
    'comentario',
    'comentarios',
    'termino',
    'desti',
    'terme origen',
    "terme d'origen",
    'terme desti',
    'terme de destinacio',
    'destinacio',
    'notes',
    'comentari',
    'comentaris',
    'terme',
  ].map(normalise),
);

export interface Type1Header {
  isHeader: boolean;
  /** A header cell that names a language other than the one chosen for its column. */
  unknown?: { column: number; value: string };
}

/**
 * Whether the first record of a type-1 file is a header: its source and target cells name the
 * chosen languages or are column words ("source", "destino", …). A first row that names other
 * languages is a header with the wrong languages, which the caller refuses.
 */
export function isType1Header(
  cells: string[],
  [source, target]: GlossaryLanguage[],
  allLanguages: GlossaryLanguage[],
): Type1Header {
  const [first = '', second = ''] = cells;
  const matches = (cell: string, language: GlossaryLanguage | undefined) =>
    TYPE1_WORDS.has(normalise(cell)) || (language !== undefined && languageNamed(cell, [language]) !== null);
  if (matches(first, source) && matches(second, target)) return { isHeader: true };
  const firstOther = languageNamed(first, allLanguages);
  const secondOther = languageNamed(second, allLanguages);
  if (firstOther && secondOther) {
    const wrong =
      firstOther.id !== source?.id ? { column: 1, value: first.trim() } : { column: 2, value: second.trim() };
    return { isHeader: true, unknown: wrong };
  }
  return { isHeader: false };
}
