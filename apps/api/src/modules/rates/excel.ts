import ExcelJS from 'exceljs';
import { readXlsFirstSheet } from '@verba/analysis';

export const MAX_IMPORT_ROWS = 5000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | null;

export interface SheetRow {
  /** The row number the user sees in Excel (the header is row 1). */
  row: number;
  cells: [CellValue, CellValue, CellValue, CellValue];
}

export type FileKind = 'xlsx' | 'xls' | 'other';

/** What the bytes are: a zip (xlsx), an OLE2 compound file (old .xls), or something else. */
export function sniffFile(head: Buffer): FileKind {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))) return 'xls';
  return 'other';
}

/** A cell as a plain value: formulas give their result, rich text its text, dates refused later. */
function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return plain(value.richText.map((part) => part.text).join(''));
    if ('result' in value) return plain((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return plain(value.text);
    if ('error' in value) return String(value.error);
  }
  return null;
}

export class TooManyRowsError extends Error {}
export class ZipBombError extends Error {}

/** Limits on what an uploaded workbook may unpack to (the zip's own directory says so up front). */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 2000;

/**
 * Reads the zip's central directory and refuses a workbook that claims to unpack to more than
 * MAX_UNPACKED_BYTES or holds more than MAX_ZIP_ENTRIES members, before exceljs inflates it in
 * memory. Zip64 or a directory we cannot walk counts as unreadable (a real .xlsx of rates is tiny).
 */
export function checkZipDirectory(buffer: Buffer): void {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('no zip directory');
  const entries = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) throw new Error('zip64');
  if (entries > MAX_ZIP_ENTRIES) throw new ZipBombError();
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL)
      throw new Error('bad zip directory');
    const size = buffer.readUInt32LE(offset + 24);
    if (size === 0xffffffff) throw new Error('zip64');
    total += size;
    if (total > MAX_UNPACKED_BYTES) throw new ZipBombError();
    offset +=
      46 +
      buffer.readUInt16LE(offset + 28) +
      buffer.readUInt16LE(offset + 30) +
      buffer.readUInt16LE(offset + 32);
  }
}

/**
 * Reads the first worksheet of an .xlsx workbook: every row after the header that is not
 * entirely empty. Throws on a file exceljs cannot read, ZipBombError or TooManyRowsError.
 */
export async function readRatesWorkbook(buffer: Buffer): Promise<SheetRow[]> {
  checkZipDirectory(buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw new TooManyRowsError();
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return; // header
    const cells = [1, 2, 3, 4].map((col) => plain(row.getCell(col).value)) as SheetRow['cells'];
    if (cells.every((c) => c === null)) return;
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/**
 * Reads the first worksheet of an Excel 97–2003 workbook (.xls) the same way: rows after the
 * header, four columns. Throws on a file that cannot be read or TooManyRowsError.
 */
export function readRatesXls(buffer: Buffer): SheetRow[] {
  const sheet = readXlsFirstSheet(buffer, MAX_IMPORT_ROWS + 1);
  if (sheet.length > MAX_IMPORT_ROWS + 1) throw new TooManyRowsError();
  return sheet
    .filter(({ row }) => row !== 1)
    .map(({ row, cells }) => ({
      row,
      cells: [0, 1, 2, 3].map((col) => cells[col] ?? null) as SheetRow['cells'],
    }))
    .filter(({ cells }) => cells.some((c) => c !== null));
}

/** An .xlsx with the header row and one row per rate; r1 and r2 as numbers (4 and 2 decimals). */
export async function writeRatesWorkbook(
  header: [string, string, string, string],
  rows: Array<{ source: string; target: string; r1: string; r2: string }>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Verba';
  const sheet = workbook.addWorksheet('rates');
  sheet.columns = [
    { width: 22 },
    { width: 22 },
    { width: 22, style: { numFmt: '0.0000' } },
    { width: 22, style: { numFmt: '0.00' } },
  ];
  const head = sheet.addRow(header);
  head.font = { bold: true };
  // Number() of a decimal string with at most 4 decimals reads back as the same text
  for (const r of rows) sheet.addRow([r.source, r.target, Number(r.r1), Number(r.r2)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
