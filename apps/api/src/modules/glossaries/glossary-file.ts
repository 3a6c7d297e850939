import { GLOSSARY_LIMITS, type GlossaryType } from '@verba/contracts';
import type { FieldMessages } from '../../lib/app-error.ts';
import { CsvSyntaxError, decodeText, detectDelimiter, readRecords, type CsvRecord } from './csv-text.ts';
import { headerColumns, isType1Header, type GlossaryLanguage } from './header.ts';

/**
 * The terms of an uploaded glossary CSV, checked row by row. Type 1: source, target and
 * an optional note, with an optional header. Type 2: one column per chosen language, under a
 * header naming them. Any problem refuses the whole file, listing every bad row (up to 50).
 */

export interface GlossaryRow {
  row: number;
  /** In the order of the glossary's languages. */
  terms: string[];
  note: string | null;
}

export interface ReadGlossary {
  /** Language ids in the order of each row's terms. */
  languageIds: number[];
  rows: GlossaryRow[];
}

type Message = FieldMessages[string][number];

/** A file the glossary refuses: the messages of the `file` field. */
export class GlossaryFileError extends Error {
  constructor(
    readonly messages: Message[],
    readonly headline = 'errors.validation',
  ) {
    super('glossary file refused');
  }
}

const refuse = (key: string, values?: Record<string, unknown>): never => {
  throw new GlossaryFileError([values ? { key, values } : key]);
};

export interface GlossarySpec {
  type: GlossaryType;
  /** Type 1: [source, target]. Type 2: the chosen languages. */
  languages: GlossaryLanguage[];
  /** Every language of the list, to tell a header that names other languages from a row of terms. */
  known: GlossaryLanguage[];
  /** Names languages in messages (the request's language). */
  languageName: (language: GlossaryLanguage) => string;
}

export function readGlossaryFile(buffer: Buffer, spec: GlossarySpec): ReadGlossary {
  if (buffer.length > GLOSSARY_LIMITS.maxBytes)
    refuse('glossaries.too_large', { max: GLOSSARY_LIMITS.maxBytes / (1024 * 1024) });
  const decoded = decodeText(buffer);
  if (!decoded.ok) return refuse(`glossaries.${decoded.reason}`);
  const accepts =
    spec.type === '1' ? (n: number) => n === 2 || n === 3 : (n: number) => n === spec.languages.length;
  const delimiter = detectDelimiter(decoded.text, accepts);
  let records: CsvRecord[];
  try {
    records = readRecords(decoded.text, delimiter, GLOSSARY_LIMITS.maxRows + 1);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return refuse('glossaries.row.quote', { row: err.row });
    throw err;
  }
  if (!records.length) return refuse('glossaries.empty');
  return spec.type === '1' ? readType1(records, spec) : readType2(records, spec);
}

/** Collects the bad rows; past 50 it only counts them. */
class RowErrors {
  readonly listed: Message[] = [];
  private badRows = new Set<number>();

  add(row: number, key: string, values: Record<string, unknown> = {}) {
    this.badRows.add(row);
    if (this.listed.length < GLOSSARY_LIMITS.maxListedErrors)
      this.listed.push({ key, values: { row, ...values } });
  }

  throwIfAny() {
    if (!this.listed.length) return;
    const listedRows = new Set(this.listed.map((m) => (typeof m === 'string' ? 0 : m.values?.row)));
    const more = this.badRows.size - listedRows.size;
    const messages =
      more > 0 ? [...this.listed, { key: 'glossaries.more_rows', values: { count: more } }] : this.listed;
    throw new GlossaryFileError(messages, 'glossaries.invalid_rows');
  }
}

function checkRowCount(terms: CsvRecord[]) {
  if (!terms.length) refuse('glossaries.empty');
  if (terms.length > GLOSSARY_LIMITS.maxRows)
    refuse('glossaries.too_many_rows', { max: GLOSSARY_LIMITS.maxRows });
}

const isBlank = (cell: string | undefined) => cell === undefined || cell.trim() === '';

function checkLength(errors: RowErrors, row: number, cells: string[]) {
  if (cells.some((cell) => cell.length > GLOSSARY_LIMITS.maxTermLength))
    errors.add(row, 'glossaries.row.too_long', { max: GLOSSARY_LIMITS.maxTermLength });
}

function readType1(records: CsvRecord[], spec: GlossarySpec): ReadGlossary {
  const first = records[0]!;
  const header = isType1Header(first.cells, spec.languages, spec.known);
  if (header.unknown) {
    refuse('glossaries.header.unknown_language', {
      column: header.unknown.column,
      value: header.unknown.value,
      languages: spec.languages.map(spec.languageName).join(', '),
    });
  }
  const body = header.isHeader ? records.slice(1) : records;
  checkRowCount(body);
  const errors = new RowErrors();
  const rows: GlossaryRow[] = [];
  for (const { row, cells } of body) {
    if (cells.length !== 2 && cells.length !== 3) {
      errors.add(row, 'glossaries.row.columns', { count: cells.length, expected: '2–3' });
      continue;
    }
    const [source, target, note] = cells as [string, string, string | undefined];
    if (isBlank(source)) errors.add(row, 'glossaries.row.source_empty');
    if (isBlank(target)) errors.add(row, 'glossaries.row.target_empty');
    checkLength(errors, row, cells);
    rows.push({ row, terms: [source.trim(), target.trim()], note: isBlank(note) ? null : note!.trim() });
  }
  errors.throwIfAny();
  return { languageIds: spec.languages.map((l) => l.id), rows };
}

function readType2(records: CsvRecord[], spec: GlossarySpec): ReadGlossary {
  const first = records[0]!;
  const columns = headerColumns(first.cells, spec.languages);
  const all = spec.languages.map(spec.languageName).join(', ');
  if (columns.every((c) => c.language === null)) refuse('glossaries.header.missing', { languages: all });
  const headerErrors: Message[] = [];
  const seen = new Set<number>();
  columns.forEach((column, index) => {
    if (!column.language) {
      headerErrors.push({
        key: 'glossaries.header.unknown_language',
        values: { column: index + 1, value: column.value, languages: all },
      });
    } else if (seen.has(column.language.id)) {
      headerErrors.push({
        key: 'glossaries.header.duplicate_language',
        values: { language: spec.languageName(column.language) },
      });
    } else seen.add(column.language.id);
  });
  for (const language of spec.languages)
    if (!seen.has(language.id))
      headerErrors.push({
        key: 'glossaries.header.missing_language',
        values: { language: spec.languageName(language) },
      });
  if (headerErrors.length)
    throw new GlossaryFileError(headerErrors.slice(0, GLOSSARY_LIMITS.maxListedErrors));

  const order = columns.map((c) => c.language!);
  const body = records.slice(1);
  checkRowCount(body);
  const errors = new RowErrors();
  const rows: GlossaryRow[] = [];
  for (const { row, cells } of body) {
    if (cells.length !== order.length) {
      errors.add(row, 'glossaries.row.columns', { count: cells.length, expected: order.length });
      continue;
    }
    cells.forEach((cell, index) => {
      if (isBlank(cell))
        errors.add(row, 'glossaries.row.term_empty', { language: spec.languageName(order[index]!) });
    });
    checkLength(errors, row, cells);
    rows.push({ row, terms: cells.map((c) => c.trim()), note: null });
  }
  errors.throwIfAny();
  return { languageIds: order.map((l) => l.id), rows };
}
