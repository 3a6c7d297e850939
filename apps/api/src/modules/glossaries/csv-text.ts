import { CsvError, parse } from 'csv-parse/sync';

/**
 * Reading a CSV someone saved from a spreadsheet or a CAT tool: the text encoding (UTF-8 with or
 * without a BOM, UTF-16 with a BOM), the delimiter (comma, semicolon or tab) and the records, with
 * quoted fields that may hold delimiters and line breaks (RFC 4180).
 */

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: 'binary' | 'encoding' };

/** Bytes that never start a text file: zip (xlsx, docx), PDF, old Office, images, gzip. */
const BINARY_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x1f, 0x8b],
];

const startsWith = (buffer: Buffer, bytes: number[]) => bytes.every((b, i) => buffer[i] === b);

/** The file's text, or why it is not one: binary content, or an encoding we do not read. */
export function decodeText(buffer: Buffer): DecodeResult {
  if (BINARY_MAGIC.some((magic) => startsWith(buffer, magic))) return { ok: false, reason: 'binary' };
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let offset = 0;
  if (startsWith(buffer, [0xef, 0xbb, 0xbf])) offset = 3;
  else if (startsWith(buffer, [0xff, 0xfe])) [encoding, offset] = ['utf-16le', 2];
  else if (startsWith(buffer, [0xfe, 0xff])) [encoding, offset] = ['utf-16be', 2];
  else if (buffer.includes(0)) return { ok: false, reason: 'binary' };
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(buffer.subarray(offset));
  } catch {
    return { ok: false, reason: 'encoding' };
  }
  // NUL and other C0 controls (besides tab and line breaks) do not occur in text a person saved.
  if (hasControlCharacter(text)) return { ok: false, reason: 'binary' };
  return { ok: true, text };
}

const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && !TEXT_CONTROLS.has(code)) return true;
  }
  return false;
}

export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

const SAMPLE_RECORDS = 50;

/**
 * The columns of the first records when split on `delimiter`. When the sample does not parse
 * (a quote never closed further down), the first record alone; null when not even that parses.
 */
function sampleWidths(text: string, delimiter: Delimiter): number[] | null {
  for (const to of [SAMPLE_RECORDS, 1]) {
    try {
      const records = parse(text, {
        delimiter,
        to,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      }) as string[][];
      return records.map((r) => r.length);
    } catch {
      // try the first record alone
    }
  }
  return null;
}

/**
 * The delimiter that splits the first records into the expected number of columns most often;
 * on a tie, the one that splits them most evenly into more than one column; a comma otherwise.
 */
export function detectDelimiter(text: string, accepts: (columns: number) => boolean): Delimiter {
  let best: { delimiter: Delimiter; matches: number; even: number } = {
    delimiter: ',',
    matches: -1,
    even: -1,
  };
  for (const delimiter of DELIMITERS) {
    const widths = sampleWidths(text, delimiter);
    if (!widths?.length) continue;
    const matches = widths.filter(accepts).length;
    const first = widths[0]!;
    const even = first > 1 ? widths.filter((w) => w === first).length : 0;
    if (matches > best.matches || (matches === best.matches && even > best.even))
      best = { delimiter, matches, even };
  }
  return best.delimiter;
}

export interface CsvRecord {
  /** 1 = the first record of the file. */
  row: number;
  cells: string[];
}

/** A record the parser stopped on (a quote out of place or never closed). */
export class CsvSyntaxError extends Error {
  constructor(readonly row: number) {
    super(`CSV syntax error at record ${row}`);
  }
}

/**
 * Every record of the text, numbered from 1, blank lines counted but dropped. Stops after
 * `maxRecords` + 1 records, so a caller can tell that there were too many without reading them all.
 */
export function readRecords(text: string, delimiter: Delimiter, maxRecords: number): CsvRecord[] {
  let raw: string[][];
  try {
    raw = parse(text, {
      delimiter,
      relax_column_count: true,
      // a quote inside an unquoted field (I+D "equipo") is text, as spreadsheets read it
      relax_quotes: true,
      to: maxRecords + 1,
      max_record_size: 1_000_000,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) throw new CsvSyntaxError(Number(err.records ?? 0) + 1);
    throw err;
  }
  const records: CsvRecord[] = [];
  raw.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    records.push({ row: index + 1, cells });
  });
  return records;
}
